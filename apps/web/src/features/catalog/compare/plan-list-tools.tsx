import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COMPARE_MAX,
  COMPARE_MAX_MESSAGE,
  NEUTRAL_ORDER_NOTE,
  PLAN_SORT_LABELS,
  PLAN_SORT_REASONS,
  PLAN_SORTS,
  sortPlans,
  type PlanSort,
} from '@store/domain/compare-rules';
import type { TPlanFacts } from '@store/domain/compare';
import type { TPlanCard } from '@store/domain/catalog';
import { formatCents } from '@store/domain/pricing';
import { SelectField } from '../../../components/form/fields';
import { paths } from '../../../config/paths';
import { useComparison, useSaveComparison } from '../api/compare';
import { useFactsText } from './facts-text';
import { HelpFindPlanModal } from './help-find-plan-modal';
import './compare.css';

/**
 * The plan list's own order and filter (issue 10): sorted by the visitor's monthly price by default (by name
 * without a quote), filtered by carrier, with the reason for the order stated; and the plans chosen to compare.
 */
export function usePlanListTools(tempId: string | null, facts: readonly TPlanFacts[] | undefined) {
  const byId = useMemo(() => new Map((facts ?? []).map((f) => [f.plan_id, f])), [facts]);
  const [sort, setSort] = useState<PlanSort | null>(null);
  const [carrier, setCarrier] = useState('');
  const [maxPrice, setMaxPrice] = useState('');
  const effectiveSort: PlanSort = sort ?? (tempId ? 'price' : 'name');
  const carriers = useMemo(() => [...new Set((facts ?? []).map((f) => f.carrier).filter((c): c is string => !!c))].sort(), [facts]);
  const arrange = (plans: TPlanCard[]) => {
    const rows = plans.map((p) => ({
      ...p,
      monthly_cents: byId.get(p.plan_id)?.monthly_cents ?? null,
      benefits: byId.get(p.plan_id)?.benefits ?? null,
    }));
    const max = maxPrice ? Number(maxPrice) : null;
    const kept = rows.filter(
      (p) =>
        (!carrier || byId.get(p.plan_id)?.carrier === carrier) && (max === null || (p.monthly_cents !== null && p.monthly_cents <= max)),
    );
    return sortPlans(kept, effectiveSort);
  };
  return { facts: byId, sort: effectiveSort, setSort, carrier, setCarrier, carriers, maxPrice, setMaxPrice, priced: !!tempId, arrange };
}
type Tools = ReturnType<typeof usePlanListTools>;
/** Choices of the price filter, in cents a month. */
const PRICE_LIMITS = [2500, 5000, 10000, 25000, 50000];

export function PlanListControls({ tools }: { tools: Tools }) {
  const { t } = useTranslation();
  const sorts = tools.priced ? PLAN_SORTS : (['name'] as const);
  const [help, setHelp] = useState(false);
  return (
    <div className="plan-tools-wrap">
      {/* The reason for the order and the questionnaire's button come first: they are known before the list (the sort
          is the quote's default), so the page draws them before its answer, and the carrier filter that comes with
          the list (below them) moves nothing already on screen (decision 2850). */}
      <p className="muted" id="plan-order-reason">
        {t(PLAN_SORT_REASONS[tools.sort])} {t(NEUTRAL_ORDER_NOTE)}
      </p>
      {/* the questionnaire needs the quote's prices: with a quote, the same modal as on the home page */}
      {tools.priced && (
        <>
          <button type="button" className="btn btn-secondary plan-help-button" onClick={() => setHelp(true)}>
            {t('Help me find a plan')}
          </button>
          <HelpFindPlanModal open={help} onClose={() => setHelp(false)} />
        </>
      )}
      <div className="plan-tools">
        <SelectField
          label={t('Sort plans by')}
          name="plan_sort"
          value={tools.sort}
          options={sorts.map((s) => ({ value: s, label: PLAN_SORT_LABELS[s] }))}
          onChange={(e) => tools.setSort(e.target.value as PlanSort)}
        />
        {tools.priced && (
          <SelectField
            label={t('Monthly price')}
            name="plan_max_price"
            value={tools.maxPrice}
            placeholder="Any price"
            options={PRICE_LIMITS.map((c) => ({ value: String(c), label: t('Up to {{price}} a month', { price: formatCents(c) }) }))}
            onChange={(e) => tools.setMaxPrice(e.target.value)}
          />
        )}
        {tools.carriers.length > 1 && (
          <SelectField
            label={t('Carrier')}
            name="plan_carrier"
            value={tools.carrier}
            placeholder="All carriers"
            options={tools.carriers.map((c) => ({ value: c, label: c }))}
            onChange={(e) => tools.setCarrier(e.target.value)}
          />
        )}
      </div>
    </div>
  );
}

/**
 * The plans chosen to compare, saved with the quote on every change. The plans page passes the ids its one answer
 * carries (`saved`, undefined until it is here) and asks nothing more; elsewhere the comparison is asked for.
 */
export function useCompareChoice(tempId: string | null, saved?: { ids: readonly number[] | undefined }) {
  const comparison = useComparison(tempId, !saved);
  const save = useSaveComparison(tempId);
  // The choice shows in the same click (a checkbox must not wait for the server); the server's answer takes over.
  const [local, setLocal] = useState<number[] | null>(null);
  const ids = local ?? comparison.data?.plan_ids ?? (saved?.ids ? [...saved.ids] : []);
  const toggle = (planId: number) => {
    const next = ids.includes(planId) ? ids.filter((x) => x !== planId) : [...ids, planId];
    setLocal(next);
    save.mutate(next, { onSettled: () => setLocal((current) => (current === next ? null : current)) });
  };
  // Until the saved choice is here a click would save a choice made from nothing (and drop the saved plans).
  const loading = !!tempId && (saved ? !saved.ids && !comparison.data : comparison.isPending);
  return { ids, toggle, full: ids.length >= COMPARE_MAX, error: save.error, enabled: !!tempId, loading };
}
type Choice = ReturnType<typeof useCompareChoice>;

/** A plan card's monthly price for the quote, "/month" always said; the reason when there is none. */
export function PlanPrice({ facts }: { facts?: TPlanFacts }) {
  const text = useFactsText();
  if (!facts) return null;
  const price = text.perMonth(facts);
  if (!price) return <p className="muted">{text.monthly(facts)}</p>;
  return (
    <p className="plan-price">
      <span className="plan-price-amount">{price.amount}</span>
      <span className="plan-price-unit">{price.unit}</span>
      {price.membership && <span className="plan-price-membership"> {price.membership}</span>}
    </p>
  );
}

/** The 'Compare {name}' checkbox of a plan card and of the plan detail page. */
export function CompareCheck({ plan, choice }: { plan: Pick<TPlanCard, 'plan_id' | 'plan_name'>; choice: Choice }) {
  const { t } = useTranslation();
  const chosen = choice.ids.includes(plan.plan_id);
  if (!choice.enabled) return null;
  return (
    <label className="compare-check">
      <input
        type="checkbox"
        checked={chosen}
        disabled={choice.loading || (!chosen && choice.full)}
        onChange={() => choice.toggle(plan.plan_id)}
      />
      {t('Compare {{name}}', { name: plan.plan_name })}
    </label>
  );
}

export function CompareBar({ choice }: { choice: Choice }) {
  const { t } = useTranslation();
  if (!choice.enabled || !choice.ids.length) return null;
  return (
    <div className="compare-bar" role="region" aria-label={t('Plans to compare')}>
      <span aria-live="polite">
        {t('{{count}} of {{max}} plans chosen to compare.', { count: choice.ids.length, max: COMPARE_MAX })}{' '}
        {choice.full ? t(COMPARE_MAX_MESSAGE) : ''}
      </span>
      {choice.error && <span role="alert">{choice.error.message}</span>}
      <Link className="btn btn-primary" to={paths.compare}>
        {t('Compare plans')}
      </Link>
    </div>
  );
}
