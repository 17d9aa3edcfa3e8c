import { onePrice, type ChargeItem } from '@store/domain/charges';
import { yearlyEstimates, type TPlanFacts } from '@store/domain/compare';
import type { Enrollment, Plan } from '../../db/schema.ts';
import { loadOpenEnrollment, loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldError } from '../../lib/errors.ts';
import { listMembershipPlans, listShoppablePlans, planBenefits, planRules, type Db } from './repository.ts';
import { findPlansByIds, loadCompareIds, upsertCompareIds } from './compare-repository.ts';
import type { TPricingFilter } from '@store/domain/pricing';
import { chargeItemOf, logoUrl, pricingFilter } from './service.ts';
import { loadPricingSources, priceFrom, type PricingSources } from './quote-pricing.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';

/** The plan's structured benefits, or null when none are stated (or they do not parse). */
export { planBenefits };

/** The membership plan a Prudential-type plan is sold with, at its price (the cheapest offered to this quote), or null. */
function membershipPlanItem(src: PricingSources, e: Enrollment, memberships: readonly Plan[], filter: TPricingFilter): ChargeItem | null {
  let best: ChargeItem | null = null;
  for (const m of memberships) {
    for (const card of priceFrom(src, e, m, filter).plans)
      if (!best || card.price_cents < best.price_cents) best = chargeItemOf(m, card.price_cents);
  }
  return best;
}

/**
 * Facts of plans priced for the quote by the server's pricing, from sources already read (no query): monthly price
 * of the visitor's tier, first month and year (with the membership a Prudential-type plan needs), benefits and the
 * yearly cost estimates.
 */
export function factsFrom(src: PricingSources, e: Enrollment, plans: readonly Plan[], memberships: readonly Plan[]): TPlanFacts[] {
  let membershipPlan: ChargeItem | null | undefined;
  const filter = pricingFilter(e);
  return plans.map((p) => {
    const rules = planRules(p);
    const priced = priceFrom(src, e, p, filter);
    const card = priced.plans[0] ?? null;
    const benefits = planBenefits(p);
    const monthly = card?.price_cents ?? null;
    if (rules.prudential && monthly !== null && membershipPlan === undefined)
      membershipPlan = membershipPlanItem(src, e, memberships, filter);
    // One price (issue 37): the plan and the membership it needs, as the cart's chargeSummary will charge them.
    const price = monthly === null ? null : onePrice(chargeItemOf(p, monthly), rules.prudential ? membershipPlan : null);
    const withFees = price?.monthly_cents ?? null;
    return {
      plan_id: p.plan_id,
      plan_name: p.plan_name,
      plan_category: p.category,
      plan_logo: logoUrl(p.plan_logo),
      carrier: p.carrier,
      plan_pricing_id: card?.plan_pricing_id ?? null,
      monthly_cents: monthly,
      membership_cents: price?.membership_cents ?? null,
      first_month_cents: withFees,
      yearly_cents: withFees === null ? null : withFees * 12,
      price_message: card ? null : priced.message,
      add_on_plan_page: !!rules.questionnaire || !!rules.prudential,
      benefits,
      estimates: yearlyEstimates(p.category, benefits, withFees),
    };
  });
}

/** Facts of plans priced for the quote, read from `db` (a transaction's view): the same queries for 1 plan or 1,000. */
export async function planFacts(db: Db, e: Enrollment, plans: readonly Plan[]): Promise<TPlanFacts[]> {
  const memberships = plans.some((p) => planRules(p).prudential) ? await listMembershipPlans(db) : [];
  return factsFrom(await loadPricingSources(db, e, [...plans, ...memberships]), e, plans, memberships);
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
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  q: { enrollment_id: string; categories?: string[]; plan_id?: number },
): Promise<TPlanFacts[]> {
  const e = await loadOwnedEnrollment(actor, q.enrollment_id, db);
  return planFacts(db, e, await shoppablePlans(db, { categories: q.categories, ids: q.plan_id ? [q.plan_id] : undefined }));
}

const withIds = (plans: TPlanFacts[]) => ({ plan_ids: plans.map((p) => p.plan_id), plans });

/** get-compare-plans: the quote's comparison. */
export async function quoteComparison({ db }: Pick<Deps, 'db'>, actor: Actor, enrollmentId: string) {
  const e = await loadOwnedEnrollment(actor, enrollmentId, db);
  return withIds(await comparison(db, e));
}

/** save-compare-plans: keeps the comparison with the quote (up to four plans) and answers it. */
export async function saveComparison({ db }: Pick<Deps, 'db'>, actor: Actor, b: { enrollment_id: string; plan_ids: number[] }) {
  const plans = await db.transaction().execute(async (trx) => {
    const e = await loadOpenEnrollment(actor, b.enrollment_id, trx, { forUpdate: true });
    await saveCompareIds(trx, e, b.plan_ids);
    return comparison(trx, e);
  });
  return withIds(plans);
}
