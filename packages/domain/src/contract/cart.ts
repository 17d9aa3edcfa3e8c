import { z } from 'zod';
import { ZAddPrudentialRequest, ZAddToCartRequest } from '../catalog.ts';
import { ZCartCheckoutRequest, ZPlanCart } from '../cart.ts';
import { endpoint } from './endpoint.ts';
import { zEnrollmentId, zId, zOptionalEnrollmentId, zOptionalId } from './shop-fields.ts';

/** The cart's endpoints (plans-and-cart.md, section 7). */
const tags = ['cart'] as const;
const enrollmentQuery = z.object({ enrollment_id: zEnrollmentId });

export const addPlanToCart = endpoint({
  method: 'POST',
  path: '/api/v1/add-plan-to-cart',
  summary: 'Add a plan to the cart',
  tags,
  body: ZAddToCartRequest,
  response: z.object({ plan_id: z.number(), plan_pricing_id: z.number(), price_cents: z.number() }),
});

export const addPlanToCartPrudentials = endpoint({
  method: 'POST',
  path: '/api/v1/add-plan-to-cart-prudentials',
  summary: 'Add Prudential plans to the cart',
  tags,
  body: ZAddPrudentialRequest,
  response: z.object({ plan_id: z.number(), plan_id1: z.number(), price_cents: z.number() }),
});

export const checkAlreadyInCart = endpoint({
  method: 'POST',
  path: '/api/v1/check-already-in-cart',
  summary: 'Check whether a plan is already in the cart',
  tags,
  body: z.object({
    enrollment_id: z.string().trim().min(1).max(64),
    plan_id: z.coerce.number().int().positive().max(2_147_483_647),
    plan_pricing_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  }),
  response: z.object({ status: z.boolean() }),
});

export const getPlanCart = endpoint({
  method: 'GET',
  path: '/api/v1/get-plan-cart',
  summary: 'Get the cart',
  tags,
  query: enrollmentQuery,
  response: ZPlanCart,
});

export const getCartCount = endpoint({
  method: 'GET',
  path: '/api/v1/get-cart-count',
  summary: 'Count the plans in the cart',
  tags,
  query: z.object({ enrollment_id: zOptionalEnrollmentId }),
  response: z.object({ result: z.number() }),
});

export const getCartAmount = endpoint({
  method: 'GET',
  path: '/api/v1/get-cart-amount',
  summary: "Get the cart's total amount",
  tags,
  query: enrollmentQuery,
  response: z.object({ result: z.string(), initial_month_cost: z.string() }),
});

export const getCartEffectiveDates = endpoint({
  method: 'GET',
  path: '/api/v1/get-cart-effective-dates',
  summary: "Get the cart's coverage effective dates",
  tags,
  query: z.object({ enrollment_id: zOptionalEnrollmentId }),
  response: z.object({ result: z.array(z.string()) }),
});

/** A GET that changes data (the documents' contract): the CSRF plugin demands the token for it. */
export const removePlanFromCart = endpoint({
  method: 'GET',
  path: '/api/v1/remove-plan-from-cart',
  summary: 'Remove a plan from the cart',
  tags,
  changing: true,
  query: z.object({ enrollment_id: zEnrollmentId, plan_id: zId, plan_pricing_id: zId }),
  response: z.object({ count: z.number() }),
});

export const cartCheckout = endpoint({
  method: 'POST',
  path: '/api/v1/cart-checkout',
  summary: 'Check out the cart and start the enrollment',
  tags,
  body: ZCartCheckoutRequest,
  response: z.object({ effective_date: z.string() }),
});

export const checkPrudentialCart = endpoint({
  method: 'GET',
  path: '/api/v1/check-prudential-cart',
  summary: 'Check whether the cart holds a Prudential plan',
  tags,
  query: enrollmentQuery,
  response: z.object({ status: z.boolean(), show_100k: z.boolean() }),
});

export const getMoreRequirement = endpoint({
  method: 'GET',
  path: '/api/v1/get-more-requirement',
  summary: "Get what the cart's plans still require",
  tags,
  query: z.object({ enrollment_id: zOptionalEnrollmentId, plan_id: zOptionalId }),
  response: z.boolean(),
});

export const ZQuotePreviewQuery = z.object({
  enrollment_id: zEnrollmentId,
  email: z.string().max(300).optional(),
  name: z.string().max(300).optional(),
  message: z.string().max(4000).optional(),
  tab: z.literal('cart_info').optional(),
  type: z.literal('preview').optional(),
});
export const getQuotePreviewContent = endpoint({
  method: 'GET',
  path: '/api/v1/get-quote-preview-content',
  summary: 'Get the quote preview of the cart',
  tags,
  query: ZQuotePreviewQuery,
  response: z.object({ content: z.string() }),
});
