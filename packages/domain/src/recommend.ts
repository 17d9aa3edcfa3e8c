/**
 * 'Help me find a plan' (issue 10): the questionnaire's answers and the rules that rank dental and vision
 * plans priced for the visitor's quote, each with the reasons it is recommended. Pure.
 */
import { z } from 'zod';
import { TIER_CODES } from './codes.ts';
import { ASSUMED_USE, outOfPocketCents, type TPlanBenefits, type UseLevel, USE_LEVELS } from './compare.ts';
import { TEXT } from './texts.ts';

export const ZFindPlanAnswers = z.object({
  /** Who is covered, as a tier code. */
  covered: z.enum(TIER_CODES, { error: TEXT.FIELD_REQUIRED }),
  /** Expected dental care in a year. */
  care: z.enum(USE_LEVELS, { error: TEXT.FIELD_REQUIRED }),
  /** Glasses or contacts needed. */
  vision: z.boolean().default(false),
  /** Most the visitor wants to pay a month, in whole dollars; empty: no limit. */
  budget: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: 'Enter a whole number of dollars' })
      .int('Enter a whole number of dollars')
      .min(1, 'Enter a whole number of dollars')
      .max(10000, 'Enter a whole number of dollars')
      .optional(),
  ),
  /** Wants to keep a favourite dentist. */
  keep_dentist: z.enum(['yes', 'no'], { error: TEXT.FIELD_REQUIRED }),
});
export type TFindPlanAnswers = z.infer<typeof ZFindPlanAnswers>;

/** The reasons, as texts with {{placeholders}} (amounts are formatted by the caller). */
export const REASONS = {
  lowestCost: 'Lowest estimated yearly cost for the care you expect.',
  estimate: 'About {{amount}} a year with premium and your own costs.',
  withinBudget: 'Within your budget of {{budget}} a month.',
  overBudget: 'Above your budget of {{budget}} a month: no plan fits it, this one costs least.',
  keepDentist: 'Out-of-network dentists are paid too, so you can keep your dentist.',
  networkOnly: 'Pays in-network dentists only: check that your dentist is in the network.',
  orthodontia: 'Covers orthodontia for children under 19.',
  noMajorWait: 'No waiting period for major services.',
  majorWait: 'Major services wait {{months}} months.',
  bundle: 'Covers dental and vision in one plan.',
  vision: 'For glasses or contacts: covers an eye exam, lenses and frames.',
} as const;
export type ReasonCode = keyof typeof REASONS;
export interface TReason {
  code: ReasonCode;
  /** Cents for amount and budget, months for months. */
  params?: Record<string, number>;
}

export interface TRecommendable {
  plan_id: number;
  plan_name: string;
  plan_category: string;
  monthly_cents: number | null;
  /** The membership said beside the price (issue 37's one price): the yearly cost counts it. */
  membership_cents?: number | null;
  benefits: TPlanBenefits | null;
}
export interface TRecommendation {
  plan_id: number;
  plan_name: string;
  kind: 'dental' | 'vision';
  yearly_cents: number;
  reasons: TReason[];
}

/** How many dental plans are recommended (a vision plan is added when glasses or contacts are needed). */
export const DENTAL_RECOMMENDATIONS = 3;

const covers = (b: TPlanBenefits, service: string) => b.covers.some((c) => c.service === service);
const yearly = (p: TRecommendable, kind: 'dental' | 'vision', level: UseLevel) =>
  (p.monthly_cents! + (p.membership_cents ?? 0)) * 12 + outOfPocketCents(p.benefits!, ASSUMED_USE[kind][level]);

/** Within budget first (when one is given), then by estimated yearly cost, then by name: never by who pays. */
function rank(list: TRecommendable[], kind: 'dental' | 'vision', level: UseLevel, budgetCents: number | null) {
  const scored = list.map((p) => ({ p, cost: yearly(p, kind, level), fits: budgetCents === null || p.monthly_cents! <= budgetCents }));
  const anyFits = scored.some((s) => s.fits);
  return scored
    .filter((s) => s.fits || !anyFits)
    .sort((a, b) => a.cost - b.cost || a.p.plan_name.localeCompare(b.p.plan_name))
    .map((s) => ({ ...s, overBudget: !s.fits }));
}

/**
 * Recommends up to three dental plans for the expected care, and the best vision plan when glasses or contacts
 * are needed, from plans that have a price for the quote and structured benefits.
 */
export function recommendPlans(answers: TFindPlanAnswers, plans: readonly TRecommendable[]): TRecommendation[] {
  const priced = plans.filter((p) => p.monthly_cents !== null && p.benefits);
  const budgetCents = answers.budget ? answers.budget * 100 : null;
  const children = answers.covered === 'IC' || answers.covered === 'IF';
  const out: TRecommendation[] = [];

  const dental = rank(
    priced.filter((p) => p.plan_category === 'dental'),
    'dental',
    answers.care,
    budgetCents,
  ).slice(0, DENTAL_RECOMMENDATIONS);
  dental.forEach(({ p, cost, overBudget }, i) => {
    const b = p.benefits!;
    const reasons: TReason[] = [];
    if (i === 0) reasons.push({ code: 'lowestCost' });
    reasons.push({ code: 'estimate', params: { amount: cost } });
    if (budgetCents !== null) reasons.push({ code: overBudget ? 'overBudget' : 'withinBudget', params: { budget: budgetCents } });
    if (answers.keep_dentist === 'yes') reasons.push({ code: b.out_of_network ? 'keepDentist' : 'networkOnly' });
    if (children && covers(b, 'orthodontia')) reasons.push({ code: 'orthodontia' });
    if (answers.care === 'high') {
      const major = b.covers.find((c) => c.service === 'major');
      if (major)
        reasons.push(major.waiting_months ? { code: 'majorWait', params: { months: major.waiting_months } } : { code: 'noMajorWait' });
    }
    if (answers.vision && covers(b, 'eye_exam')) reasons.push({ code: 'bundle' });
    out.push({ plan_id: p.plan_id, plan_name: p.plan_name, kind: 'dental', yearly_cents: cost, reasons });
  });

  const hasBundle = out.some((r) => r.reasons.some((x) => x.code === 'bundle'));
  if (answers.vision && !hasBundle) {
    const [best] = rank(
      priced.filter((p) => p.plan_category === 'vision'),
      'vision',
      'medium',
      budgetCents,
    );
    if (best) {
      const reasons: TReason[] = [{ code: 'vision' }, { code: 'estimate', params: { amount: best.cost } }];
      if (budgetCents !== null) reasons.push({ code: best.overBudget ? 'overBudget' : 'withinBudget', params: { budget: budgetCents } });
      out.push({ plan_id: best.p.plan_id, plan_name: best.p.plan_name, kind: 'vision', yearly_cents: best.cost, reasons });
    }
  }
  return out;
}
