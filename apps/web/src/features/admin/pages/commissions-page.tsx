import { useTranslation } from 'react-i18next';
import { formatCents } from '@store/domain/pricing';
import { percentOf } from '@store/domain/commissions';
import { Alert, Spinner } from '../../../components/ui/alert';
import { useCommissionSetup } from '../api';
import { CommissionScheduleForm, CommissionSettingsForm } from '../components/commission-schedule-form';

/** Commission schedules per carrier and plan, and the charge-back setting (issue 39). */
export function CommissionsPage() {
  const { t } = useTranslation();
  const setup = useCommissionSetup();
  if (setup.isLoading) return <Spinner />;
  if (!setup.data) return <Alert>{t('Not found')}</Alert>;
  const s = setup.data;
  return (
    <section>
      <h1>{t('Commissions')}</h1>
      <p>
        {t(
          'Reps earn a percentage of the premium collected, without the association membership and the administrative fee. Statements are made on the first of each month.',
        )}
      </p>
      <div className="admin-card">
        <h2>{t('Commission schedules')}</h2>
        {s.schedules.length === 0 ? (
          <p className="muted">{t('No schedules yet: no commission is earned.')}</p>
        ) : (
          <div className="admin-table-wrap" tabIndex={0}>
            <table className="admin-table" aria-label={t('Commission schedules')}>
              <thead>
                <tr>
                  <th scope="col">{t('Carrier')}</th>
                  <th scope="col">{t('Plan')}</th>
                  <th scope="col">{t('First year')}</th>
                  <th scope="col">{t('Renewal')}</th>
                  <th scope="col">{t('Flat amount')}</th>
                </tr>
              </thead>
              <tbody>
                {s.schedules.map((r) => (
                  <tr key={r.id}>
                    <td>{r.carrier_name}</td>
                    <td>{r.plan_name ?? t('Every other plan')}</td>
                    <td>{percentOf(r.first_year_bp)}</td>
                    <td>{percentOf(r.renewal_bp)}</td>
                    <td>{r.flat_cents ? formatCents(r.flat_cents) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <CommissionScheduleForm setup={s} />
      <CommissionSettingsForm key={s.chargeback_months} months={s.chargeback_months} />
    </section>
  );
}
