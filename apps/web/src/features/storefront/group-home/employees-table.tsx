import { EOI_TEXT } from '@store/domain/coverage-changes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_STATUSES, EMPLOYEE_STATUS_LABELS, type TEmployeeStatus, type TGroupHome } from '@store/domain/group-home';
import { SelectField } from '../../../components/form/fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { StackTable } from '../../../components/ui/stack-table';
import { useWaiveEmployee } from './api/group-home';

const when = (iso: string | null, lang: string) =>
  iso
    ? new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium', timeZone: 'America/New_York' }).format(
        new Date(iso),
      )
    : '—';

/** The group's employees with their status (invited, not started, in progress, enrolled, waived), filtered by status. */
export function EmployeesTable({ home }: { home: TGroupHome }) {
  const { t, i18n } = useTranslation();
  const waive = useWaiveEmployee();
  const [status, setStatus] = useState<'' | TEmployeeStatus>('');
  const [error, setError] = useState<string | null>(null);
  const rows = status ? home.employees.filter((e) => e.status === status) : home.employees;
  const toggle = async (id: number, waived: boolean) => {
    setError(null);
    try {
      await waive.mutateAsync({ id, waived });
    } catch (err) {
      setError(err instanceof Error ? err.message : t('Something went wrong. Please try again.'));
    }
  };
  return (
    <section className="card group-home-card" aria-labelledby="gh-employees-title">
      <h2 id="gh-employees-title">{t('Employees')}</h2>
      <ul className="group-home-counts">
        {EMPLOYEE_STATUSES.map((s) => (
          <li key={s}>
            <span className={`status-badge status-${s}`}>{t(EMPLOYEE_STATUS_LABELS[s])}</span> <strong>{home.counts[s] ?? 0}</strong>
          </li>
        ))}
      </ul>
      <SelectField
        label={t('Show')}
        name="employee_status"
        value={status}
        onChange={(e) => setStatus(e.target.value as TEmployeeStatus | '')}
        options={[
          { value: '', label: t('All employees') },
          ...EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(EMPLOYEE_STATUS_LABELS[s]) })),
        ]}
      />
      <Alert>{error}</Alert>
      {home.employees.length === 0 ? (
        <p>{t('No employees yet: upload the census to invite them.')}</p>
      ) : (
        // On a phone each employee is a card, each cell under its column's name (StackTable): nothing scrolls sideways.
        <StackTable
          label={t('List of employees')}
          className="group-home-employees"
          columns={[t('Name'), t('E-mail'), t('Status'), t('Plans'), t('On the census'), t('Invited'), t('Last activity'), t('Action')]}
        >
          {rows.map((e) => (
            <tr key={e.id ?? `member-${e.email}-${e.name}`}>
              <th scope="row">{e.name}</th>
              <td>{e.email}</td>
              <td>
                <span className={`status-badge status-${e.status}`}>{t(EMPLOYEE_STATUS_LABELS[e.status])}</span>
              </td>
              <td>
                {e.plans.length ? e.plans.join(', ') : '—'}
                {e.pending_evidence.map((plan) => (
                  <div key={plan} className="status-note">
                    {plan}: {t(EOI_TEXT.PENDING)}. {t(EOI_TEXT.EXPECTED)}
                  </div>
                ))}
              </td>
              <td>{e.on_census ? t('Yes') : t('No')}</td>
              <td>{when(e.invited_at, i18n.language)}</td>
              <td>{when(e.last_activity_at, i18n.language)}</td>
              <td>
                {e.id === null ? null : e.status === 'waived' ? (
                  <Button
                    variant="link"
                    onClick={() => toggle(e.id!, false)}
                    aria-label={t('Undo the waiver of {{name}}', { name: e.name })}
                  >
                    {t('Undo waiver')}
                  </Button>
                ) : e.status !== 'enrolled' ? (
                  <Button variant="link" onClick={() => toggle(e.id!, true)} aria-label={t('Mark {{name}} as waived', { name: e.name })}>
                    {t('Mark as waived')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}
