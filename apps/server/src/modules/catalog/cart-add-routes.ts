import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ALREADY_IN_CART_MESSAGE, CART_ADD_ERRORS, alreadyActiveMessage } from '@store/domain/catalog';
import { addPlanToCart, addPlanToCartPrudentials, checkAlreadyInCart } from '@store/domain/contract/cart';
import { TEXT } from '@store/domain/texts';
import type { Enrollment, Plan } from '../../db/schema.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { HttpError, fieldError, notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { cartPlanIds, findAnswers, findPlan, hasActivePolicy, planRules, type Db } from './repository.ts';
import { memberOf, priceForEnrollment } from './service.ts';

const codeError = (code: string, message: string) => new HttpError(422, message, [{ target_element: code, error_message: message }]);

/** Every rule a plan must pass before it enters the cart; returns the price row to write. */
async function validatePlanForCart(db: Db, request: FastifyRequest, e: Enrollment, p: Plan, planPricingId: number, opts: { viaPrudential?: boolean } = {}) {
  const rules = planRules(p);
  if (rules.blackoutMessage) throw codeError(CART_ADD_ERRORS.blackout, rules.blackoutMessage);
  const priced = await priceForEnrollment(db, e, p);
  if (priced.errorCode) throw codeError(priced.errorCode, priced.message ?? 'Plan not available');
  const card = priced.plans.find((c) => c.plan_pricing_id === planPricingId);
  if (!card) throw fieldError('plan_pricing_id', 'The price of this plan has changed. Please choose it again.');
  if (rules.prudential && !opts.viaPrudential) throw fieldError('plan_id1', 'Please choose a membership');
  if (rules.questionnaire === 'questions') {
    const a = await findAnswers(db, e.id, p.plan_id, 'questions');
    if (!a) throw fieldError('answers', TEXT.PLEASE_ANSWER_ALL);
    if (a.declined) throw codeError('declineError', 'This plan cannot be offered based on your answers.');
  }
  if (rules.questionnaire === 'aflac') {
    const a = await findAnswers(db, e.id, p.plan_id, 'aflac');
    if (!a?.all_yes) throw fieldError('aflac_data', TEXT.ANSWER_YES_IN_ORDER);
  }
  const userId = memberOf(request, e);
  if (userId && (await hasActivePolicy(db, userId, p.plan_id))) throw codeError(CART_ADD_ERRORS.alreadyActive, alreadyActiveMessage(p.plan_name));
  return { card, rules };
}

/** Add to cart, Prudential-type add with its membership, duplicate check. */
const cartAddRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, checkAlreadyInCart, async (request) => {
      const e = await loadOwnedEnrollment(request, request.body.enrollment_id);
      const inCart = (await cartPlanIds(app.db, e.id)).includes(request.body.plan_id);
      return ok({ status: inCart }, inCart ? ALREADY_IN_CART_MESSAGE : undefined);
  });

  route(app, addPlanToCart, async (request) => {
      const b = request.body;
      return app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, b.enrollment_id, trx, { forUpdate: true });
        const p = await findPlan(trx, b.plan_id);
        if (!p) throw notFound('Plan not found');
        const { card, rules } = await validatePlanForCart(trx, request, e, p, b.plan_pricing_id);
        if ((await cartPlanIds(trx, e.id)).includes(p.plan_id)) throw codeError(CART_ADD_ERRORS.duplicate, ALREADY_IN_CART_MESSAGE);
        await trx.insertInto('cart_items').values({ enrollment_id: e.id, plan_id: p.plan_id, plan_pricing_id: card.plan_pricing_id, price_cents: card.price_cents, removable: !rules.notRemovable, parent_plan_id: null }).execute();
        await trx.insertInto('audit_log').values({ account_id: request.session.account?.id ?? null, action: 'cart.add', target: e.id, detail: JSON.stringify({ plan_id: p.plan_id, plan_pricing_id: card.plan_pricing_id }) }).execute();
        return ok({ plan_id: p.plan_id, plan_pricing_id: card.plan_pricing_id, price_cents: card.price_cents }, 'Plan added to cart');
      });
  });

  route(app, addPlanToCartPrudentials, async (request) => {
      const b = request.body;
      return app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, b.enrollment_id, trx, { forUpdate: true });
        const p = await findPlan(trx, b.plan_id);
        const m = await findPlan(trx, b.plan_id1);
        if (!p) throw notFound('Plan not found');
        if (!m || !planRules(m).membership) throw fieldError('plan_id1', 'Please choose a membership');
        const { card } = await validatePlanForCart(trx, request, e, p, b.plan_pricing_id, { viaPrudential: true });
        const mPriced = await priceForEnrollment(trx, e, m);
        const mCard = mPriced.plans.find((c) => c.plan_pricing_id === b.plan_pricing_id1);
        if (!mCard) throw fieldError('plan_pricing_id1', 'Please choose a membership');
        const inCart = await cartPlanIds(trx, e.id);
        if (inCart.includes(p.plan_id)) throw codeError(CART_ADD_ERRORS.duplicate, ALREADY_IN_CART_MESSAGE);
        await trx.insertInto('cart_items').values({ enrollment_id: e.id, plan_id: p.plan_id, plan_pricing_id: card.plan_pricing_id, price_cents: card.price_cents, removable: true, parent_plan_id: null }).execute();
        if (!inCart.includes(m.plan_id)) {
          await trx.insertInto('cart_items').values({ enrollment_id: e.id, plan_id: m.plan_id, plan_pricing_id: mCard.plan_pricing_id, price_cents: mCard.price_cents, removable: false, parent_plan_id: p.plan_id }).execute();
        }
        await trx.insertInto('audit_log').values({ account_id: request.session.account?.id ?? null, action: 'cart.add', target: e.id, detail: JSON.stringify({ plan_id: p.plan_id, membership: m.plan_id }) }).execute();
        return ok({ plan_id: p.plan_id, plan_id1: m.plan_id, price_cents: card.price_cents + mCard.price_cents }, 'Plan added to cart');
      });
  });
};
export default cartAddRoutes;
