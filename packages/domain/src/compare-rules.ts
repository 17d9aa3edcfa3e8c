/**
 * Plan comparison without zod (the plan list and a plan's page load it first; docs/decisions/0910-inner-pages-first-paint.md):
 * the services and use levels, the yearly cost estimate with the assumptions it rests on, and the neutral order of
 * the plan list. compare.ts re-exports all of it beside the schemas. Pure, money in cents.
 */
import type { BenefitService } from './benefit-services.ts';
import type { TPlanBenefits } from './compare.ts';

/** Most plans a comparison holds. */
export const COMPARE_MAX = 4;
export const COMPARE_MAX_MESSAGE = `Choose up to ${COMPARE_MAX} plans to compare.`;

export { BENEFIT_SERVICES, type BenefitService } from './benefit-services.ts';
export const SERVICE_LABELS: Record<BenefitService, string> = {
  preventive: 'Preventive care (exams, cleanings, x-rays)',
  basic: 'Basic services (fillings, simple extractions)',
  major: 'Major services (crowns, bridges, root canals)',
  orthodontia: 'Orthodontia for children under 19',
  eye_exam: 'Eye exam',
  lenses: 'Lenses',
  frames: 'Frames',
  contacts: 'Contact lenses',
};

/** The service classes in a few words (a plan card's waiting periods). */
export const SERVICE_SHORT_LABELS: Record<BenefitService, string> = {
  preventive: 'Preventive',
  basic: 'Basic',
  major: 'Major',
  orthodontia: 'Orthodontia',
  eye_exam: 'Eye exam',
  lenses: 'Lenses',
  frames: 'Frames',
  contacts: 'Contacts',
};

/** Use levels of the yearly cost estimate. */
export const USE_LEVELS = ['low', 'medium', 'high'] as const;
export type UseLevel = (typeof USE_LEVELS)[number];

// ---------------------------------------------------------------------------
// Yearly cost estimate

export const USE_LEVEL_LABELS: Record<UseLevel, string> = { low: 'Low use', medium: 'Medium use', high: 'High use' };

/** The care a person is assumed to get in a year at each use level, at in-network prices (cents). */
export const ASSUMED_USE: Record<'dental' | 'vision', Record<UseLevel, { service: BenefitService; cost_cents: number }[]>> = {
  dental: {
    low: [{ service: 'preventive', cost_cents: 30000 }],
    medium: [
      { service: 'preventive', cost_cents: 30000 },
      { service: 'basic', cost_cents: 30000 },
    ],
    high: [
      { service: 'preventive', cost_cents: 30000 },
      { service: 'basic', cost_cents: 30000 },
      { service: 'major', cost_cents: 120000 },
    ],
  },
  vision: {
    low: [{ service: 'eye_exam', cost_cents: 12000 }],
    medium: [
      { service: 'eye_exam', cost_cents: 12000 },
      { service: 'lenses', cost_cents: 15000 },
      { service: 'frames', cost_cents: 18000 },
    ],
    high: [
      { service: 'eye_exam', cost_cents: 12000 },
      { service: 'lenses', cost_cents: 25000 },
      { service: 'frames', cost_cents: 30000 },
    ],
  },
};

/** A waiting period this long or longer means the service is paid by the member in the first year. */
export const FIRST_YEAR_WAIT_MONTHS = 12;

/** The rules of the estimate, shown beside it word for word. */
export const ESTIMATE_ASSUMPTIONS = [
  'Yearly cost = 12 months of your monthly price + what you pay yourself for the care below.',
  'Care is for one covered person, at in-network prices, in the first year of coverage.',
  'The deductible is paid first where it applies; costs above the annual maximum are yours.',
  'A service with a waiting period of 12 months or more is paid by you in the first year.',
] as const;

/** Which set of assumed care applies to a plan: by category, dental or vision; none for other plans. */
export const estimateKind = (category: string): 'dental' | 'vision' | null =>
  category === 'dental' ? 'dental' : category === 'vision' ? 'vision' : null;

/** What a member pays for the care of one use level under the plan's benefits. */
export function outOfPocketCents(b: TPlanBenefits, uses: readonly { service: BenefitService; cost_cents: number }[]): number {
  let deductibleLeft = b.deductible_cents ?? 0;
  let maxLeft = b.annual_max_cents ?? Number.POSITIVE_INFINITY;
  let paid = 0;
  for (const use of uses) {
    const cover = b.covers.find((c) => c.service === use.service);
    if (!cover || cover.waiting_months >= FIRST_YEAR_WAIT_MONTHS) {
      paid += use.cost_cents;
      continue;
    }
    let rest = use.cost_cents;
    let own = 0;
    if (cover.deductible_applies && deductibleLeft > 0) {
      const d = Math.min(deductibleLeft, rest);
      deductibleLeft -= d;
      own += d;
      rest -= d;
    }
    let planPays = 0;
    if (cover.percent !== undefined) planPays = Math.round((rest * cover.percent) / 100);
    else if (cover.copay_cents !== undefined) planPays = Math.max(0, rest - cover.copay_cents);
    else if (cover.allowance_cents !== undefined) planPays = Math.min(cover.allowance_cents, rest);
    planPays = Math.min(planPays, maxLeft);
    maxLeft -= planPays;
    paid += own + rest - planPays;
  }
  return paid;
}

export interface TYearlyEstimate {
  level: UseLevel;
  out_of_pocket_cents: number;
  total_cents: number;
}

/** Premium for 12 months plus the out of pocket of each use level; empty for plans without an estimate. */
export function yearlyEstimates(category: string, benefits: TPlanBenefits | null, monthlyCents: number | null): TYearlyEstimate[] {
  const kind = estimateKind(category);
  if (!kind || !benefits || monthlyCents === null) return [];
  return USE_LEVELS.map((level) => {
    const oop = outOfPocketCents(benefits, ASSUMED_USE[kind][level]);
    return { level, out_of_pocket_cents: oop, total_cents: monthlyCents * 12 + oop };
  });
}

// ---------------------------------------------------------------------------
// Order of the plan list: neutral, and its reason stated

export const PLAN_SORTS = ['price', 'annual_max', 'deductible', 'name'] as const;
export type PlanSort = (typeof PLAN_SORTS)[number];
export const PLAN_SORT_LABELS: Record<PlanSort, string> = {
  price: 'Monthly price, lowest first',
  annual_max: 'Annual maximum, highest first',
  deductible: 'Deductible, lowest first',
  name: 'Plan name, A to Z',
};
/** The sentence shown above the list: why it is in this order. */
export const PLAN_SORT_REASONS: Record<PlanSort, string> = {
  price: 'Sorted by your monthly price, lowest first. Plans without a price for your quote come last.',
  annual_max: 'Sorted by annual maximum, highest first. Plans with no annual maximum come first; plans that do not state one come last.',
  deductible: 'Sorted by deductible, lowest first. Plans that do not state one come last.',
  name: 'Sorted by plan name, A to Z.',
};
export const NEUTRAL_ORDER_NOTE = 'No plan is paid to be placed higher.';

type Sortable = { plan_name: string; monthly_cents?: number | null; benefits?: TPlanBenefits | null };
const byName = (a: Sortable, b: Sortable) => a.plan_name.localeCompare(b.plan_name, 'en');
/** Sort key of a plan (lower first); null: not known, placed last. */
function sortKey(p: Sortable, sort: PlanSort): number | null {
  if (sort === 'name') return 0;
  if (sort === 'price') return p.monthly_cents ?? null;
  if (!p.benefits) return null;
  if (sort === 'annual_max') return p.benefits.annual_max_cents === null ? Number.NEGATIVE_INFINITY : -p.benefits.annual_max_cents;
  return p.benefits.deductible_cents ?? 0;
}
/** The plans in the chosen order; ties and unknown values by name, so no plan is ever placed by anything else. */
export function sortPlans<T extends Sortable>(plans: readonly T[], sort: PlanSort): T[] {
  return [...plans].sort((a, b) => {
    const ka = sortKey(a, sort);
    const kb = sortKey(b, sort);
    if (ka === null && kb !== null) return 1;
    if (kb === null && ka !== null) return -1;
    return (ka ?? 0) - (kb ?? 0) || byName(a, b);
  });
}
