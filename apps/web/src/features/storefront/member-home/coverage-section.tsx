import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { MEMBER_HOME_TEXT as T, type TCoverageItem } from '@store/domain/member-home';
import { COVERAGE_CONFIRMATION_TEXT as C } from '@store/domain/coverage-confirmation';

/** Each plan: carrier, status, effective date, monthly amount and who is covered. */
export function CoverageSection({ coverage }: { coverage: TCoverageItem[] }) {
  const { t } = useTranslation();
  return (
    <section className="card mh-section" aria-labelledby="mh-coverage">
      <h2 id="mh-coverage">{t(T.COVERAGE)}</h2>
      {coverage.length === 0 && <p>{t(T.NO_COVERAGE)}</p>}
      <ul className="mh-plans">
        {coverage.map((p) => (
          <li key={p.policy_id} className="mh-plan">
            <h3>{p.plan_name}</h3>
            <dl className="mh-facts">
              <dt>{t('Carrier')}</dt>
              <dd>{p.carrier ?? '—'}</dd>
              <dt>{t('Status')}</dt>
              <dd>
                <span className={`mh-status mh-status-${p.status.toLowerCase()}`}>{t(p.status === 'ACTIVE' ? 'Active' : 'Inactive')}</span>
              </dd>
              <dt>{t('Effective date')}</dt>
              <dd>{p.effective_date ? isoToUs(p.effective_date) : '—'}</dd>
              <dt>{t('Monthly amount')}</dt>
              <dd>{p.monthly_cents === null ? '—' : formatCents(p.monthly_cents)}</dd>
              <dt>{t('Coverage')}</dt>
              <dd>{t(p.tier_label)}</dd>
              <dt>{t('Who is covered')}</dt>
              <dd>{p.covered.join(', ')}</dd>
              {p.carrier_status && (
                <>
                  <dt>{t('Carrier confirmation')}</dt>
                  <dd>
                    {t(p.carrier_status === 'confirmed' ? C.CONFIRMED : C.REJECTED)}
                    {p.carrier_policy_number && ` · ${t(C.CARRIER_POLICY_NUMBER)} ${p.carrier_policy_number}`}
                  </dd>
                </>
              )}
            </dl>
            {/* Issue 39: paid, and the carrier has not confirmed within its window (the fixed sentence). */}
            {p.awaiting_carrier && <p className="mh-awaiting-carrier">{t(C.MEMBER_WAITING)}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
