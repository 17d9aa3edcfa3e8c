import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPlanFacts } from '@store/domain/compare';
import { USE_LEVEL_LABELS, USE_LEVELS } from '@store/domain/compare-rules';
import { TEXT } from '@store/domain/texts';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useStored } from '../../../lib/storage';
import { openGetStarted } from '../../../lib/quote/ui';
import { addPlanToCart } from '../api/catalog';
import { useComparison, useSaveComparison } from '../api/compare';
import { useFactsText } from './facts-text';
import { AssumptionsList, ESTIMATE_KINDS } from './estimate';
import '../catalog.css';
import './compare.css';

/** /compare: the plans the visitor chose (up to four), side by side, priced for the quote by the server. */
export function ComparePage() {
  const { t } = useTranslation();
  const tempId = useStored('tempId');
  const comparison = useComparison(tempId);
  const plans = comparison.data?.plans ?? [];
  return (
    <div className="page compare-page">
      <nav className="breadcrumb" aria-label={t('Breadcrumb')}>
        <ol>
          <li>
            <Link to="/">{t('Home')}</Link>
          </li>
          <li>
            <Link to={paths.plans()}>{t('Plans')}</Link>
          </li>
          <li aria-current="page">{t('Compare plans')}</li>
        </ol>
      </nav>
      <h1>{t('Compare plans')}</h1>
      {!tempId && (
        <div className="card">
          <p>{t('Tell us a little about yourself to see plans and prices.')}</p>
          <Button onClick={openGetStarted}>{t(TEXT.FIND_A_PLAN)}</Button>
        </div>
      )}
      {comparison.isLoading && <Spinner />}
      {comparison.isError && <Alert>{comparison.error instanceof Error ? comparison.error.message : String(comparison.error)}</Alert>}
      {comparison.isSuccess && !plans.length && (
        <p>
          {t('You have not chosen any plans to compare yet.')} <Link to={paths.plans()}>{t('Choose plans to compare')}</Link>
        </p>
      )}
      {plans.length > 0 && tempId && <CompareTable plans={plans} tempId={tempId} />}
      {plans.some((p) => p.estimates.length) && <Assumptions plans={plans} />}
    </div>
  );
}

function CompareTable({ plans, tempId }: { plans: TPlanFacts[]; tempId: string }) {
  const { t } = useTranslation();
  const text = useFactsText();
  const navigate = useNavigate();
  const save = useSaveComparison(tempId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const add = async (p: TPlanFacts) => {
    setError(null);
    setBusy(p.plan_id);
    try {
      await addPlanToCart({ enrollment_id: tempId, plan_id: p.plan_id, plan_pricing_id: p.plan_pricing_id! });
      navigate(paths.cart);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  const row = (label: string, cell: (p: TPlanFacts) => ReactNode) => (
    <tr>
      <th scope="row">{label}</th>
      {plans.map((p) => (
        <td key={p.plan_id}>{cell(p)}</td>
      ))}
    </tr>
  );
  return (
    <>
      <Alert>{error ? t(error) : null}</Alert>
      <div className="compare-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
        <table className="compare-table">
          <caption id="compare-caption">{t('{{count}} plans side by side, priced for your quote', { count: plans.length })}</caption>
          <thead>
            <tr>
              <td />
              {plans.map((p) => (
                <th key={p.plan_id} scope="col">
                  <Link to={paths.plan(p.plan_id, p.plan_name)}>{p.plan_name}</Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row(t('Monthly price'), (p) => text.monthly(p))}
            {row(t('First month cost'), (p) => text.money(p.first_month_cents))}
            {row(t('Yearly cost (12 months)'), (p) => text.money(p.yearly_cents))}
            {row(t('Annual maximum'), (p) => text.annualMax(p.benefits))}
            {row(t('Deductible'), (p) => text.deductible(p.benefits))}
            {row(t('Waiting periods'), (p) =>
              p.benefits?.covers.length ? (
                <ul>
                  {p.benefits.covers.map((c) => (
                    <li key={c.service}>
                      {text.service(c)}: {text.wait(c.waiting_months)}
                    </li>
                  ))}
                </ul>
              ) : (
                t('Not stated')
              ),
            )}
            {row(t('Network'), (p) => text.network(p.benefits))}
            {row(t('Carrier'), (p) => p.carrier ?? t('Not stated'))}
            {row(t('What it covers'), (p) =>
              p.benefits?.covers.length ? (
                <ul>
                  {p.benefits.covers.map((c) => (
                    <li key={c.service}>
                      {text.service(c)}: {text.cover(c)}
                    </li>
                  ))}
                </ul>
              ) : (
                t('See the plan details')
              ),
            )}
            {USE_LEVELS.map((level) => (
              <tr key={level}>
                <th scope="row">{t('Yearly cost estimate, {{level}}', { level: t(USE_LEVEL_LABELS[level]).toLowerCase() })}</th>
                {plans.map((p) => (
                  <td key={p.plan_id}>{text.estimate(p, level)}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">{t('Choose')}</th>
              {plans.map((p) => (
                <td key={p.plan_id}>
                  {/* the buttons' own flex box: a flex <td> stops being a table cell and every plan's buttons stack in the first column */}
                  <div className="compare-actions">
                    {p.add_on_plan_page ? (
                      <Link
                        className="btn btn-primary"
                        to={paths.plan(p.plan_id, p.plan_name)}
                        aria-label={`${t('Add on the plan page')}: ${p.plan_name}`}
                      >
                        {t('Add on the plan page')}
                      </Link>
                    ) : (
                      <Button
                        busy={busy === p.plan_id}
                        disabled={p.plan_pricing_id === null}
                        onClick={() => add(p)}
                        aria-label={`${t('Add to Cart')}: ${p.plan_name}`}
                      >
                        {t('Add to Cart')}
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      busy={save.isPending}
                      onClick={() => save.mutate(plans.filter((x) => x.plan_id !== p.plan_id).map((x) => x.plan_id))}
                      aria-label={t('Remove {{name}} from the comparison', { name: p.plan_name })}
                    >
                      {t('Remove')}
                    </Button>
                  </div>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The rules and the care behind the yearly cost estimate, shown in full. */
function Assumptions({ plans }: { plans: TPlanFacts[] }) {
  const { t } = useTranslation();
  const kinds = ESTIMATE_KINDS.filter((k) => plans.some((p) => p.plan_category === k && p.estimates.length));
  return (
    <section className="card compare-assumptions" aria-labelledby="assumptions-title">
      <h2 id="assumptions-title">{t('How the yearly cost estimate is worked out')}</h2>
      <AssumptionsList kinds={kinds} />
    </section>
  );
}
