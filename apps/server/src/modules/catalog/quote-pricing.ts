import type { TPricingFilter, TRateRow } from '@store/domain/pricing';
import type { TPricingAnswer } from '@store/domain/catalog';
import type { Enrollment, Plan } from '../../db/schema.ts';
import { listAnsweredQuestionIds, listQuestionIdsOf, listRatesOf, type Db } from './repository.ts';
import { priceOutcome, pricingFilter } from './service.ts';

/**
 * Many plans priced for one quote without a query per plan (decision 2380): what pricing reads besides the plan and
 * the quote (each plan's offered rates, its questions and the quote's saved answers) is read once, for all the plans,
 * then every plan is priced in memory by the same rules as get-plan-pricing-detail.
 */
export interface PricingSources {
  /** Offered rates by plan id. */
  rates: ReadonlyMap<number, readonly TRateRow[]>;
  /** Question ids by `<plan id>:<kind>`, sorted. */
  questions: ReadonlyMap<string, readonly number[]>;
  /** The question ids the quote's saved answers were given to, by `<plan id>:<kind>`, sorted. */
  answered: ReadonlyMap<string, readonly number[]>;
}

const key = (planId: number, kind: string) => `${planId}:${kind}`;

export function ratesByPlan(rows: readonly TRateRow[]): Map<number, TRateRow[]> {
  const out = new Map<number, TRateRow[]>();
  for (const r of rows) {
    const list = out.get(r.plan_id);
    if (list) list.push(r);
    else out.set(r.plan_id, [r]);
  }
  return out;
}

export function questionIdsByPlan(rows: readonly { plan_id: number; kind: string; question_id: number }[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const k = key(r.plan_id, r.kind);
    out.set(k, [...(out.get(k) ?? []), r.question_id]);
  }
  for (const ids of out.values()) ids.sort((x, y) => x - y);
  return out;
}

/** The question ids of a quote's saved answers by plan and kind (one query). */
export async function answeredQuestionIds(db: Db, enrollmentId: string): Promise<Map<string, number[]>> {
  const rows = await listAnsweredQuestionIds(db, enrollmentId);
  const ids = (v: unknown): number[] => (Array.isArray(v) ? v : typeof v === 'string' ? (JSON.parse(v) as unknown[]) : []).map(Number);
  return new Map(rows.map((r) => [key(r.plan_id, r.kind), ids(r.question_ids).sort((x, y) => x - y)]));
}

/** The sources of these plans' prices for a quote, read from `db` (a transaction's view): three queries at most. */
export async function loadPricingSources(db: Db, e: Enrollment, plans: readonly Pick<Plan, 'plan_id'>[]): Promise<PricingSources> {
  const ids = [...new Set(plans.map((p) => p.plan_id))];
  const [rates, questions, answered] = await Promise.all([listRatesOf(db, ids), listQuestionIdsOf(db, ids), answeredQuestionIds(db, e.id)]);
  return { rates: ratesByPlan(rates), questions: questionIdsByPlan(questions), answered };
}

/** Answers saved for a plan's questions that have changed since (newQuestionsError). */
function questionsOutdated(src: PricingSources, p: Plan, kind: 'questions' | 'aflac' | undefined): boolean {
  if (!kind) return false;
  const given = src.answered.get(key(p.plan_id, kind));
  if (!given) return false;
  return (src.questions.get(key(p.plan_id, kind)) ?? []).join(',') !== given.join(',');
}

/**
 * A plan's price cards for the quote, or the first rule its filter breaks, from sources already read; `filter` is the
 * quote's pricing filter when the caller has made it once for many plans.
 */
export function priceFrom(src: PricingSources, e: Enrollment, p: Plan, filter: TPricingFilter = pricingFilter(e)): TPricingAnswer {
  return priceOutcome(e, p, src.rates.get(p.plan_id) ?? [], (kind) => questionsOutdated(src, p, kind), filter);
}
