import { ZPlanBenefits, yearlyEstimates, type TPlanBenefits, type TPlanFacts } from '@store/domain/compare';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Enrollment, Plan } from '../../db/schema.ts';
import { loadOpenEnrollment, loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldError } from '../../lib/errors.ts';
import { listMembershipPlans, listShoppablePlans, planRules, type Db } from './repository.ts';
import { findPlansByIds, loadCompareIds, upsertCompareIds } from './compare-repository.ts';
import { logoUrl, priceForEnrollment } from './service.ts';

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
  const rows = await findPlansByIds(db, ids);
  const shoppable = new Set(cards.map((c) => c.plan_id));
  return ids.map((id) => rows.find((r) => r.plan_id === id)).filter((r): r is Plan => !!r && shoppable.has(r.plan_id));
}

/** The quote's comparison with its facts, in the order the visitor chose (plans no longer sold drop out). */
export async function comparison(db: Db, e: Enrollment): Promise<TPlanFacts[]> {
  return planFacts(db, e, await shoppablePlans(db, { ids: await loadCompareIds(db, e.id) }));
}

/** Saves the comparison; every plan must be one a shopper may buy. */
async function saveCompareIds(db: Db, e: Enrollment, ids: readonly number[]): Promise<void> {
  const found = await shoppablePlans(db, { ids });
  const missing = ids.filter((id) => !found.some((p) => p.plan_id === id));
  if (missing.length) throw fieldError('plan_ids', `Plan not found: ${missing.join(', ')}`);
  await upsertCompareIds(db, e.id, ids);
}

/** get-plan-facts: the quote's priced plan facts (of some categories, or of one plan). */
export async function quotePlanFacts(
  app: FastifyInstance,
  request: FastifyRequest,
  q: { enrollment_id: string; categories?: string[]; plan_id?: number },
): Promise<TPlanFacts[]> {
  const e = await loadOwnedEnrollment(request, q.enrollment_id);
  return planFacts(app.db, e, await shoppablePlans(app.db, { categories: q.categories, ids: q.plan_id ? [q.plan_id] : undefined }));
}

const withIds = (plans: TPlanFacts[]) => ({ plan_ids: plans.map((p) => p.plan_id), plans });

/** get-compare-plans: the quote's comparison. */
export async function quoteComparison(app: FastifyInstance, request: FastifyRequest, enrollmentId: string) {
  const e = await loadOwnedEnrollment(request, enrollmentId);
  return withIds(await comparison(app.db, e));
}

/** save-compare-plans: keeps the comparison with the quote (up to four plans) and answers it. */
export async function saveComparison(app: FastifyInstance, request: FastifyRequest, b: { enrollment_id: string; plan_ids: number[] }) {
  const plans = await app.db.transaction().execute(async (trx) => {
    const e = await loadOpenEnrollment(request, b.enrollment_id, trx, { forUpdate: true });
    await saveCompareIds(trx, e, b.plan_ids);
    return comparison(trx, e);
  });
  return withIds(plans);
}
