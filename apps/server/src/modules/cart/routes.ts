import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCartCheckoutRequest, ZPlanCart } from '@store/domain/cart';
import { ok, responses, zEnrollmentId, zId, zOptionalId } from '../../lib/http.ts';
import { checkout, getCartCount, getPlanCart, moreRequirement, offeredEffectiveDates, prudentialCart, removeFromCart } from './service.ts';
import { previewQuote } from './quote-service.ts';

const ZEnrollmentQuery = z.object({ enrollment_id: zEnrollmentId });
const zOptionalEnrollmentId = z.preprocess((v) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v), zEnrollmentId.optional());

/** The cart of plans-and-cart.md: rows, count, amount, effective dates, remove, checkout, quote preview. */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/get-plan-cart',
    { schema: { tags: ['cart'], querystring: ZEnrollmentQuery, response: responses(ZPlanCart) } },
    async (request) => ok(await getPlanCart(app, request, request.query.enrollment_id)),
  );

  app.get(
    '/api/v1/get-cart-count',
    { schema: { tags: ['cart'], querystring: z.object({ enrollment_id: zOptionalEnrollmentId }), response: responses(z.object({ result: z.number() })) } },
    async (request) => ok({ result: await getCartCount(app, request, request.query.enrollment_id) }),
  );

  app.get(
    '/api/v1/get-cart-amount',
    { schema: { tags: ['cart'], querystring: ZEnrollmentQuery, response: responses(z.object({ result: z.string(), initial_month_cost: z.string() })) } },
    async (request) => {
      const cart = await getPlanCart(app, request, request.query.enrollment_id);
      return ok({ result: cart.recurring_month_cost, initial_month_cost: cart.initial_month_cost });
    },
  );

  app.get(
    '/api/v1/get-cart-effective-dates',
    { schema: { tags: ['cart'], querystring: z.object({ enrollment_id: zOptionalEnrollmentId }), response: responses(z.object({ result: z.array(z.string()) })) } },
    async () => ok({ result: offeredEffectiveDates() }),
  );

  // A GET that changes data (the documents' contract): the CSRF plugin demands the token for it.
  app.get(
    '/api/v1/remove-plan-from-cart',
    {
      schema: {
        tags: ['cart'],
        querystring: z.object({ enrollment_id: zEnrollmentId, plan_id: zId, plan_pricing_id: zId }),
        response: responses(z.object({ count: z.number() })),
      },
    },
    async (request) => ok({ count: await removeFromCart(app, request, request.query) }, 'Plan removed from cart'),
  );

  app.post(
    '/api/v1/cart-checkout',
    { schema: { tags: ['cart'], body: ZCartCheckoutRequest, response: responses(z.object({ effective_date: z.string() })) } },
    async (request) => ok(await checkout(app, request, request.body)),
  );

  app.get(
    '/api/v1/check-prudential-cart',
    { schema: { tags: ['cart'], querystring: ZEnrollmentQuery, response: responses(z.object({ status: z.boolean(), show_100k: z.boolean() })) } },
    async (request) => ok(await prudentialCart(app, request, request.query.enrollment_id)),
  );

  app.get(
    '/api/v1/get-more-requirement',
    { schema: { tags: ['cart'], querystring: z.object({ enrollment_id: zOptionalEnrollmentId, plan_id: zOptionalId }), response: responses(z.boolean()) } },
    async (request) => ok(await moreRequirement(app, request, request.query)),
  );

  app.get(
    '/api/v1/get-quote-preview-content',
    {
      schema: {
        tags: ['cart'],
        querystring: z.object({
          enrollment_id: zEnrollmentId,
          email: z.string().max(300).optional(),
          name: z.string().max(300).optional(),
          message: z.string().max(4000).optional(),
          tab: z.literal('cart_info').optional(),
          type: z.literal('preview').optional(),
        }),
        response: responses(z.object({ content: z.string() })),
      },
    },
    async (request) => ok({ content: await previewQuote(app, request, request.query) }),
  );
};

export default cartRoutes;
