import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { ALREADY_IN_CART_MESSAGE, CART_ADD_ERRORS, alreadyActiveMessage, type TAddToCartRequest } from '@store/domain/catalog';
import type { TPlanRules } from '@store/domain/plan-rules';
import type { TPriceCard } from '@store/domain/catalog';
import { TEXT } from '@store/domain/texts';
import type { Enrollment, Plan } from '../../db/schema.ts';
import { loadOpenEnrollment, loadOwnedEnrollment } from '../../lib/access.ts';
import { HttpError, fieldError, notFound } from '../../lib/errors.ts';
import { activePlan, memberHasActivePolicy, planAnswers, planRules, memberOf, priceForEnrollment } from '../catalog/index.ts';
import { assertRepAppointed } from '../rep-licensing/index.ts';
import { cartPlanIds, insertAudit, insertCartItem, type Db } from './repository.ts';

/**
 * Adding plans to the cart (plans-and-cart.md section 7): every rule a plan must pass is a small named step; the
 * steps, the rows and the audit row run in one transaction that holds the enrollment.
 */
const codeError = (code: string, message: string) => new HttpError(422, message, [{ target_element: code, error_message: message }]);

function assertNotBlackedOut(rules: TPlanRules): void {
  if (rules.blackoutMessage) throw codeError(CART_ADD_ERRORS.blackout, rules.blackoutMessage);
}

/** The price row the visitor chose, as the server prices it for this quote now. */
async function pricedCard(db: Db, e: Enrollment, p: Plan, planPricingId: number): Promise<TPriceCard> {
  const priced = await priceForEnrollment(db, e, p);
  if (priced.errorCode) throw codeError(priced.errorCode, priced.message ?? 'Plan not available');
  const card = priced.plans.find((c) => c.plan_pricing_id === planPricingId);
  if (!card) throw fieldError('plan_pricing_id', 'The price of this plan has changed. Please choose it again.');
  return card;
}

function assertNoMembershipNeeded(rules: TPlanRules, viaPrudential: boolean): void {
  if (rules.prudential && !viaPrudential) throw fieldError('plan_id1', 'Please choose a membership');
}

async function assertQuestionsPassed(db: Db, e: Enrollment, p: Plan, rules: TPlanRules): Promise<void> {
  if (rules.questionnaire === 'questions') {
    const a = await planAnswers(db, e.id, p.plan_id, 'questions');
    if (!a) throw fieldError('answers', TEXT.PLEASE_ANSWER_ALL);
    if (a.declined) throw codeError('declineError', 'This plan cannot be offered based on your answers.');
  }
  if (rules.questionnaire === 'aflac') {
    const a = await planAnswers(db, e.id, p.plan_id, 'aflac');
    if (!a?.all_yes) throw fieldError('aflac_data', TEXT.ANSWER_YES_IN_ORDER);
  }
}

async function assertNoActivePolicy(db: Db, actor: Actor, e: Enrollment, p: Plan): Promise<void> {
  const userId = memberOf(actor, e);
  if (userId && (await memberHasActivePolicy(db, userId, p.plan_id)))
    throw codeError(CART_ADD_ERRORS.alreadyActive, alreadyActiveMessage(p.plan_name));
}

function assertNotInCart(inCart: readonly number[], planId: number): void {
  if (inCart.includes(planId)) throw codeError(CART_ADD_ERRORS.duplicate, ALREADY_IN_CART_MESSAGE);
}

/** An active plan, else 404. */
async function shoppablePlan(db: Db, planId: number): Promise<Plan> {
  const p = await activePlan(db, planId);
  if (!p) throw notFound('Plan not found');
  return p;
}

/** Every rule a plan must pass before it enters the cart, in the order the visitor meets them; returns the price row to write. */
async function validatePlanForCart(db: Db, actor: Actor, e: Enrollment, p: Plan, planPricingId: number, viaPrudential = false) {
  const rules = planRules(p);
  // The quote's rep offers only the plans of carriers that appointed them (decision 2640).
  await assertRepAppointed(db, e.agent_id, p.carrier_id);
  assertNotBlackedOut(rules);
  const card = await pricedCard(db, e, p, planPricingId);
  assertNoMembershipNeeded(rules, viaPrudential);
  await assertQuestionsPassed(db, e, p, rules);
  await assertNoActivePolicy(db, actor, e, p);
  return { card, rules };
}

const accountOf = (actor: Actor) => actor.account?.id ?? null;

/** check-already-in-cart: whether the plan is in this quote's cart. */
export async function isInCart(deps: Deps, actor: Actor, enrollmentId: string, planId: number): Promise<boolean> {
  const e = await loadOwnedEnrollment(actor, enrollmentId, deps.db);
  return (await cartPlanIds(deps.db, e.id)).includes(planId);
}

/** add-plan-to-cart: one plan at the price the visitor chose. */
export async function addToCart(deps: Deps, actor: Actor, b: TAddToCartRequest) {
  return deps.db.transaction().execute(async (trx) => {
    const e = await loadOpenEnrollment(actor, b.enrollment_id, trx, { forUpdate: true });
    const p = await shoppablePlan(trx, b.plan_id);
    const { card, rules } = await validatePlanForCart(trx, actor, e, p, b.plan_pricing_id);
    assertNotInCart(await cartPlanIds(trx, e.id), p.plan_id);
    await insertCartItem(trx, {
      enrollment_id: e.id,
      plan_id: p.plan_id,
      plan_pricing_id: card.plan_pricing_id,
      price_cents: card.price_cents,
      removable: !rules.notRemovable,
      parent_plan_id: null,
    });
    await insertAudit(trx, {
      account_id: accountOf(actor),
      action: 'cart.add',
      target: e.id,
      detail: { plan_id: p.plan_id, plan_pricing_id: card.plan_pricing_id },
    });
    return { plan_id: p.plan_id, plan_pricing_id: card.plan_pricing_id, price_cents: card.price_cents };
  });
}

/** The membership plan a Prudential-type plan is added with. */
function assertMembership(m: Plan | undefined): asserts m is Plan {
  if (!m || !planRules(m).membership) throw fieldError('plan_id1', 'Please choose a membership');
}

async function membershipPrice(db: Db, e: Enrollment, m: Plan, planPricingId: number): Promise<TPriceCard> {
  const card = (await priceForEnrollment(db, e, m)).plans.find((c) => c.plan_pricing_id === planPricingId);
  if (!card) throw fieldError('plan_pricing_id1', 'Please choose a membership');
  return card;
}

/** add-plan-to-cart-prudentials: a Prudential-type plan and its membership (once per cart, not removable on its own). */
export async function addPrudentialToCart(
  deps: Deps,
  actor: Actor,
  b: { enrollment_id: string; plan_id: number; plan_pricing_id: number; plan_id1: number; plan_pricing_id1: number },
) {
  return deps.db.transaction().execute(async (trx) => {
    const e = await loadOpenEnrollment(actor, b.enrollment_id, trx, { forUpdate: true });
    const p = await activePlan(trx, b.plan_id);
    const m = await activePlan(trx, b.plan_id1);
    if (!p) throw notFound('Plan not found');
    assertMembership(m);
    const { card } = await validatePlanForCart(trx, actor, e, p, b.plan_pricing_id, true);
    const mCard = await membershipPrice(trx, e, m, b.plan_pricing_id1);
    const inCart = await cartPlanIds(trx, e.id);
    assertNotInCart(inCart, p.plan_id);
    await insertCartItem(trx, {
      enrollment_id: e.id,
      plan_id: p.plan_id,
      plan_pricing_id: card.plan_pricing_id,
      price_cents: card.price_cents,
      removable: true,
      parent_plan_id: null,
    });
    if (!inCart.includes(m.plan_id)) {
      await insertCartItem(trx, {
        enrollment_id: e.id,
        plan_id: m.plan_id,
        plan_pricing_id: mCard.plan_pricing_id,
        price_cents: mCard.price_cents,
        removable: false,
        parent_plan_id: p.plan_id,
      });
    }
    await insertAudit(trx, {
      account_id: accountOf(actor),
      action: 'cart.add',
      target: e.id,
      detail: { plan_id: p.plan_id, membership: m.plan_id },
    });
    return { plan_id: p.plan_id, plan_id1: m.plan_id, price_cents: card.price_cents + mCard.price_cents };
  });
}
