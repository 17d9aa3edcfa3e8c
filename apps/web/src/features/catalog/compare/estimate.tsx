import { useTranslation } from 'react-i18next';
import { ASSUMED_USE, ESTIMATE_ASSUMPTIONS, USE_LEVEL_LABELS, USE_LEVELS } from '@store/domain/compare-rules';
import { formatCents } from '@store/domain/pricing';
import { useOnePlanFacts } from '../api/compare';
import { useFactsText } from './facts-text';
import './compare.css';

export const ESTIMATE_KINDS = ['dental', 'vision'] as const;
type EstimateKind = (typeof ESTIMATE_KINDS)[number];

/** The rules behind the yearly cost estimate and the care assumed for each kind of plan (/compare and plan detail). */
export function AssumptionsList({ kinds }: { kinds: readonly EstimateKind[] }) {
  const { t } = useTranslation();
  const text = useFactsText();
  return (
    <>
      <ul>
        {ESTIMATE_ASSUMPTIONS.map((a) => (
          <li key={a}>{t(a)}</li>
        ))}
      </ul>
      {kinds.map((kind) => (
        <div key={kind}>
          <h3>{kind === 'dental' ? t('Dental care assumed in a year') : t('Eye care assumed in a year')}</h3>
          <dl className="assumed-use">
            {USE_LEVELS.map((level) => (
              <div key={level}>
                <dt>{t(USE_LEVEL_LABELS[level])}</dt>
                <dd>{ASSUMED_USE[kind][level].map((u) => `${text.service(u)} ${formatCents(u.cost_cents)}`).join('; ')}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </>
  );
}

/**
 * Plan detail (issue 10): the yearly cost estimate of one dental or vision plan for the quote, low, medium and
 * high use, with the assumptions behind it. The figures are the server's (get-plan-facts), as on /compare.
 */
export function PlanEstimate({ tempId, planId, category }: { tempId: string; planId: number; category: string }) {
  const { t } = useTranslation();
  const text = useFactsText();
  const kind = ESTIMATE_KINDS.find((k) => k === category);
  const plan = useOnePlanFacts(kind ? tempId : null, planId).data;
  if (!kind || !plan?.estimates.length) return null;
  return (
    <section className="card plan-estimate" aria-labelledby="plan-estimate-title">
      <h2 id="plan-estimate-title">{t('Yearly cost estimate')}</h2>
      <table className="estimate-table">
        <caption>{t('Premium for 12 months plus what you pay yourself, for your quote')}</caption>
        <tbody>
          {USE_LEVELS.map((level) => (
            <tr key={level}>
              <th scope="row">{t(USE_LEVEL_LABELS[level])}</th>
              <td>{text.estimate(plan, level)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="collapsible">
        <summary>{t('How the yearly cost estimate is worked out')}</summary>
        <AssumptionsList kinds={[kind]} />
      </details>
    </section>
  );
}
