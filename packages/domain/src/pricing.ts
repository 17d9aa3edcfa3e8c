/**
 * The pricing engine: eligibility rules of a plan (TPlanRules) against the visitor's filter, and the monthly
 * price from the plan's rate table. Pure functions, money in cents.
 */
import type { PricingErrorCode, TierCode } from './codes.ts';
import { TIERS } from './codes.ts';
import type { TPlanRules } from './plan-rules.ts';
import { TEXT } from './texts.ts';

/**
 * One plan's price with the membership it needs, in one sentence (issue 37; the figures from charges.ts onePrice, given
 * by the server): plan cards, the plan page, compare. Here, not in charges.ts, so the catalog pages do not load the
 * cart's file for two texts.
 */
export const ONE_PRICE_TEXT = {
  ONE_PRICE: '{{price}}/month + {{membership}} membership',
  /** The same membership after a card's price and its '/month' (the card reads as ONE_PRICE). */
  PLUS_MEMBERSHIP: '+ {{membership}} membership',
} as const;

/** What the pricing rules need to know about the visitor (from filter_info). */
export interface TPricingFilter {
  /** Two-letter state of the zip. */
  state: string | null;
  zip: string | null;
  tier: TierCode | null;
  /** Age of the primary member today (null when the date of birth is missing). */
  age: number | null;
  /** '1' smoker, '0' non-smoker, null not answered. */
  isSmoker: '1' | '0' | null;
  /** Annual income in dollars (filter_info.annual_incode). */
  annualIncome: number | null;
  /** Weekly working hours. */
  workingHours: number | null;
  /** Portal (platform_group_id) of the enrollment. */
  portalId: number | null;
}

/** A row of plan_rates. */
export interface TRateRow {
  plan_pricing_id: number;
  plan_id: number;
  tier: string;
  age_min: number;
  age_max: number;
  state: string | null;
  smoker: boolean | null;
  price_cents: number;
  label: string | null;
}

export interface TPricingError {
  errorCode: PricingErrorCode;
  message: string;
  /** The plan id asked about, or the new one for changePid. */
  pid: number;
}

/** Fixed messages of the error catalogue (planAgeError and portalError carry the plan's own message). */
export const PRICING_MESSAGES: Partial<Record<PricingErrorCode, string>> = {
  salaryError: TEXT.SALARY_ERROR,
  hourError: TEXT.HOUR_ERROR,
  stateError: TEXT.STATE_ERROR,
  tierError: TEXT.TIER_ERROR,
  ageError: TEXT.AGE_ERROR,
  metError: TEXT.MET_ERROR,
  smokerError: TEXT.SMOKER_ERROR,
};
export const CHANGE_PID_MESSAGE = 'This plan has been replaced by a newer plan.';
export const ENROLLMENT_ID_MESSAGE = 'Please enter your basic info to see prices.';
export const NEW_QUESTIONS_MESSAGE = 'The questions of this plan have changed. Please answer them again.';
export const PORTAL_DEFAULT_MESSAGE = 'Plan not available in this portal.';
export const PLAN_AGE_DEFAULT_MESSAGE = 'Plan not available for your age.';

const err = (errorCode: PricingErrorCode, pid: number, message?: string): TPricingError => ({
  errorCode,
  pid,
  message: message ?? PRICING_MESSAGES[errorCode] ?? '',
});

/** Is the zip inside one of the inclusive ranges? */
export function zipInRanges(zip: string, ranges: readonly (readonly [string, string])[]): boolean {
  return ranges.some(([from, to]) => zip >= from && zip <= to);
}

/**
 * The first rule of the plan the filter breaks, in the order the product checks them, or null when the plan
 * may be priced. `questionsOutdated`: answers were given to questions that have since changed.
 */
export function checkEligibility(
  planId: number,
  rules: TPlanRules,
  f: TPricingFilter,
  opts: { questionsOutdated?: boolean } = {},
): TPricingError | null {
  if (rules.replacedBy) return err('changePid', rules.replacedBy, CHANGE_PID_MESSAGE);
  if (!f.tier || f.age === null) return err('enrollmentIdError', planId, ENROLLMENT_ID_MESSAGE);
  if (rules.portals?.length && (f.portalId === null || !rules.portals.includes(f.portalId)))
    return err('portalError', planId, rules.portalMessage ?? PORTAL_DEFAULT_MESSAGE);
  if (rules.states?.length && (!f.state || !rules.states.includes(f.state.toUpperCase()))) return err('stateError', planId);
  if (rules.zipRanges?.length && (!f.zip || !zipInRanges(f.zip, rules.zipRanges))) return err('metError', planId);
  if (rules.tiers?.length && !rules.tiers.includes(f.tier)) return err('tierError', planId);
  if ((rules.minAge !== undefined && f.age < rules.minAge) || (rules.maxAge !== undefined && f.age > rules.maxAge))
    return err('ageError', planId);
  if (rules.planAgeMax !== undefined && f.age > rules.planAgeMax)
    return err('planAgeError', planId, rules.planAgeMessage ?? PLAN_AGE_DEFAULT_MESSAGE);
  if (rules.minIncome !== undefined && (f.annualIncome === null || f.annualIncome < rules.minIncome)) return err('salaryError', planId);
  if (rules.minHours !== undefined && (f.workingHours === null || f.workingHours < rules.minHours)) return err('hourError', planId);
  if (rules.requiresSmoker && f.isSmoker === null) return err('smokerError', planId);
  if (opts.questionsOutdated) return err('newQuestionsError', planId, NEW_QUESTIONS_MESSAGE);
  return null;
}

/**
 * The rate row for tier, age, state and tobacco use: a row for the state beats a row for every state, a row
 * for the exact tobacco answer beats a row for either. Null when the table has no price.
 */
export function findRate(
  rates: readonly TRateRow[],
  q: { tier: string; age: number; state: string | null; smoker: boolean | null },
): TRateRow | null {
  let best: TRateRow | null = null;
  let bestScore = -1;
  for (const r of rates) {
    if (r.tier !== q.tier || q.age < r.age_min || q.age > r.age_max) continue;
    if (r.state !== null && r.state !== q.state) continue;
    if (r.smoker !== null && r.smoker !== (q.smoker ?? false)) continue;
    const score = (r.state !== null ? 2 : 0) + (r.smoker !== null ? 1 : 0);
    if (score > bestScore || (score === bestScore && best && r.plan_pricing_id < best.plan_pricing_id)) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}

export interface TPriceCard {
  plan_id: number;
  plan_pricing_id: number;
  tier: string;
  tier_label: string;
  price_cents: number;
  /** '$24.99' */
  price: string;
}

/** Tier label of a card: the rate's own label (e.g. 'Member + 1 Child'), else the tier's name. */
export const tierLabel = (tier: string, label?: string | null) => label || TIERS.find((t) => t.code === tier)?.label || tier;

/** $ and two decimals, thousands separated: 123456 -> '$1,234.56'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

export type TPricingOutcome = { ok: true; cards: TPriceCard[] } | ({ ok: false } & TPricingError);

/** Eligibility, then the price of the filter's tier. No rate for the age answers ageError, none for the tier tierError. */
export function pricePlan(
  planId: number,
  rules: TPlanRules,
  rates: readonly TRateRow[],
  f: TPricingFilter,
  opts: { questionsOutdated?: boolean } = {},
): TPricingOutcome {
  const e = checkEligibility(planId, rules, f, opts);
  if (e) return { ok: false, ...e };
  const tier = f.tier!;
  const age = f.age!;
  if (!rates.some((r) => r.tier === tier)) return { ok: false, ...err('tierError', planId) };
  const smoker = rules.requiresSmoker ? f.isSmoker === '1' : null;
  const rate = findRate(rates, { tier, age, state: f.state, smoker });
  if (!rate) {
    const anyAge = rates.some((r) => r.tier === tier && age >= r.age_min && age <= r.age_max);
    return { ok: false, ...err(anyAge ? 'stateError' : 'ageError', planId) };
  }
  return {
    ok: true,
    cards: [
      {
        plan_id: planId,
        plan_pricing_id: rate.plan_pricing_id,
        tier: rate.tier,
        tier_label: tierLabel(rate.tier, rate.label),
        price_cents: rate.price_cents,
        price: formatCents(rate.price_cents),
      },
    ],
  };
}

/** Total of cents. */
export const sumCents = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Administrative fee of a Prudential-type cart (3%), in cents, rounded half up. */
export const adminFeeCents = (cents: number, percent = 3) => Math.round((cents * percent) / 100);

/** Answers of a questionnaire: any Yes to a question with a decline message declines. */
export function declineMessage(
  questions: readonly { question_id: number; decline_message: string | null }[],
  answers: readonly { question_id: number; yes_no_flag: 0 | 1 | '0' | '1' }[],
): string | null {
  for (const q of questions) {
    if (!q.decline_message) continue;
    const a = answers.find((x) => x.question_id === q.question_id);
    if (a && String(a.yes_no_flag) === '1') return q.decline_message;
  }
  return null;
}

/** Questions not answered Yes/No (ids). */
export function unansweredQuestions(
  questionIds: readonly number[],
  answers: readonly { question_id: number; yes_no_flag?: unknown }[],
): number[] {
  return questionIds.filter((id) => {
    const a = answers.find((x) => x.question_id === id);
    return !a || (String(a.yes_no_flag) !== '1' && String(a.yes_no_flag) !== '0');
  });
}

/** Aflac-type: every question whose required answer is Yes must be answered Yes. */
export function aflacAllRequiredYes(
  questions: readonly { qid: number; true_condition: boolean | null }[],
  answers: readonly { qid: number; true_condition: boolean | string | number }[],
): boolean {
  return questions.every((q) => {
    if (q.true_condition !== true) return true;
    const a = answers.find((x) => x.qid === q.qid);
    return !!a && (a.true_condition === true || a.true_condition === 'true' || a.true_condition === 1 || a.true_condition === '1');
  });
}

/** Children options of the dependent popup: 1 to 8 for IF, 1 to 9 for IC and IC3 (a child tier), none otherwise. */
export function childrenOptions(tier: string | null | undefined): number[] {
  const max = tier === 'IF' ? 8 : tier === 'IC' || tier === 'IC3' ? 9 : 0;
  return Array.from({ length: max }, (_, i) => i + 1);
}
/** Which dependent fields the popup asks for. */
export const dependentFieldsFor = (tier: string | null | undefined) => ({
  spouseDob: tier === 'IS' || tier === 'IF',
  children: tier === 'IC' || tier === 'IF' || tier === 'IC3',
});
