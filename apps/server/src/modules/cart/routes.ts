import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALREADY_IN_CART_MESSAGE } from '@store/domain/catalog';
import * as cart from '@store/domain/contract/cart';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { addPrudentialToCart, addToCart, isInCart } from './add-service.ts';
import { checkout, getCartCount, getPlanCart, moreRequirement, offeredEffectiveDates, prudentialCart, removeFromCart } from './service.ts';
import { previewQuote } from './quote-service.ts';

/** The cart of plans-and-cart.md: add, rows, count, amount, effective dates, remove, checkout, quote preview. */
const cartRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, cart.checkAlreadyInCart, async (request) => {
    const inCart = await isInCart(deps, actorOf(request), request.body.enrollment_id, request.body.plan_id);
    return ok({ status: inCart }, inCart ? ALREADY_IN_CART_MESSAGE : undefined);
  });
  route(app, cart.addPlanToCart, async (request) => ok(await addToCart(deps, actorOf(request), request.body), 'Plan added to cart'));
  route(app, cart.addPlanToCartPrudentials, async (request) =>
    ok(await addPrudentialToCart(deps, actorOf(request), request.body), 'Plan added to cart'),
  );

  route(app, cart.getPlanCart, async (request) => ok(await getPlanCart(deps, actorOf(request), request.query.enrollment_id)));
  route(app, cart.getCartCount, async (request) => ok({ result: await getCartCount(deps, actorOf(request), request.query.enrollment_id) }));
  route(app, cart.getCartAmount, async (request) => {
    const c = await getPlanCart(deps, actorOf(request), request.query.enrollment_id, { statusOnly: true });
    return ok({ result: c.recurring_month_cost, initial_month_cost: c.initial_month_cost });
  });
  route(app, cart.getCartEffectiveDates, async (request) =>
    ok({ result: await offeredEffectiveDates(deps, actorOf(request), request.query.enrollment_id) }),
  );
  route(app, cart.removePlanFromCart, async (request) =>
    ok({ count: await removeFromCart(deps, actorOf(request), request.query) }, 'Plan removed from cart'),
  );
  route(app, cart.cartCheckout, async (request) => ok(await checkout(deps, actorOf(request), request.body)));
  route(app, cart.checkPrudentialCart, async (request) => ok(await prudentialCart(deps, actorOf(request), request.query.enrollment_id)));
  route(app, cart.getMoreRequirement, async (request) => ok(await moreRequirement(deps, actorOf(request), request.query)));
  route(app, cart.getQuotePreviewContent, async (request) => ok({ content: await previewQuote(deps, actorOf(request), request.query) }));
};

export default cartRoutes;
