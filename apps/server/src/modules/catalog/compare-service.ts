import type { Generated } from 'kysely';
import { ZPlanBenefits, yearlyEstimates, type TPlanBenefits, type TPlanFacts } from '@store/domain/compare';
import type { Enrollment, Plan } from '../../db/schema.ts';
import { fieldError } from '../../lib/errors.ts';
import { listMembershipPlans, listShoppablePlans, planRules, type Db } from './repository.ts';
import { logoUrl, priceForEnrollment } from './service.ts';

export interface CompareSelectionsTable {
  enrollment_id: string;
  plan_ids: number[] | string;
  updated_at: Generated<Date>;
}
declare module '../../db/schema.ts' {
  interface Database {
    compare_selections: CompareSelectionsTable;
  }
}

/** The plan's structured benefits, or null when none are stated (or they do not parse). */
export function planBenefits(p: Pick<Plan, 'benefits'>): TPlanBenefits | null {
  if (p.benefits === null || p.benefits === undefined) return null;
  const parsed = ZPlanBenefits.safeParse(typeof p.benefits === 'string' ? JSON.parse(p.benefits) : p.benefits);
  return parsed.success ? parsed.data : null;
}

/** Monthly fee of the membership a Prudential-type plan needs (the cheapest offered to this quote). */
async function membershipFeeCents(db: Db, e: Enrollment): Promise<number> {
  let fee: number | null = null;
  for (const m of await listMembershipPlans(db)) {
    for (const card of (await priceForEnrollment(db, e, m)).plans) fee = fee === null ? card.price_cents : Math.min(fee, card.price_cents);
  }
  return fee ?? 0;
}

/**
 * Facts of plans priced for the quote by the server's pricing: monthly price of the visitor's tier, first month
 * and year (with the membership a Prudential-type plan needs), benefits and the yearly cost estimates.
 */
export async function planFacts(db: Db, e: Enrollment, plans: readonly Plan[]): Promise<TPlanFacts[]> {
  let fee: number | null = null;
  const out: TPlanFacts[] = [];
  for (const p of plans) {
    const rules = planRules(p);
    const priced = await priceForEnrollment(db, e, p);
    const card = priced.plans[0] ?? null;
    const benefits = planBenefits(p);
    const monthly = card?.price_cents ?? null;
    if (rules.prudential && monthly !== null) fee ??= await membershipFeeCents(db, e);
    const withFees = monthly === null ? null : monthly + (rules.prudential ? (fee ?? 0) : 0);
    out.push({
      plan_id: p.plan_id,
      plan_name: p.plan_name,
      plan_category: p.category,
      plan_logo: logoUrl(p.plan_logo),
      carrier: p.carrier,
      plan_pricing_id: card?.plan_pricing_id ?? null,
      monthly_cents: monthly,
      first_month_cents: withFees,
      yearly_cents: withFees === null ? null : withFees * 12,
      price_message: card ? null : priced.message,
      add_on_plan_page: !!rules.questionnaire || !!rules.prudential,
      benefits,
      estimates: yearlyEstimates(p.category, benefits, monthly),
    });
  }
  return out;
}

/** Full rows of the shoppable plans (in catalog order), optionally only some ids or categories. */
export async function shoppablePlans(db: Db, q: { ids?: readonly number[]; categories?: string[] }): Promise<Plan[]> {
  const cards = await listShoppablePlans(db, q.categories);
  const ids = q.ids ? q.ids : cards.map((c) => c.plan_id);
  if (!ids.length) return [];
  const rows = await db.selectFrom('plans').selectAll().where('plan_id', 'in', [...ids]).execute();
  const shoppable = new Set(cards.map((c) => c.plan_id));
  return ids.map((id) => rows.find((r) => r.plan_id === id)).filter((r): r is Plan => !!r && shoppable.has(r.plan_id));
}

export async function loadCompareIds(db: Db, enrollmentId: string): Promise<number[]> {
  const row = await db.selectFrom('compare_selections').select('plan_ids').where('enrollment_id', '=', enrollmentId).executeTakeFirst();
  if (!row) return [];
  const ids = typeof row.plan_ids === 'string' ? JSON.parse(row.plan_ids) : row.plan_ids;
  return Array.isArray(ids) ? ids.map(Number) : [];
}

/** The quote's comparison with its facts, in the order the visitor chose (plans no longer sold drop out). */
export async function comparison(db: Db, e: Enrollment): Promise<TPlanFacts[]> {
  return planFacts(db, e, await shoppablePlans(db, { ids: await loadCompareIds(db, e.id) }));
}

/** Saves the comparison; every plan must be one a shopper may buy. */
export async function saveCompareIds(db: Db, e: Enrollment, ids: readonly number[]): Promise<void> {
  const found = await shoppablePlans(db, { ids });
  const missing = ids.filter((id) => !found.some((p) => p.plan_id === id));
  if (missing.length) throw fieldError('plan_ids', `Plan not found: ${missing.join(', ')}`);
  const plan_ids = JSON.stringify(ids);
  await db
    .insertInto('compare_selections')
    .values({ enrollment_id: e.id, plan_ids })
    .onConflict((oc) => oc.column('enrollment_id').doUpdateSet({ plan_ids, updated_at: new Date() }))
    .execute();
}
