import { z } from 'zod';
import { ZAddPrudentialRequest, ZAddToCartRequest } from '../catalog.ts';
import { endpoint } from './endpoint.ts';

/** The cart's endpoints (plans-and-cart.md, section 7). */
export const addPlanToCart = endpoint({
  method: 'POST',
  path: '/api/v1/add-plan-to-cart',
  tags: ['cart'],
  body: ZAddToCartRequest,
  response: z.object({ plan_id: z.number(), plan_pricing_id: z.number(), price_cents: z.number() }),
});

export const addPlanToCartPrudentials = endpoint({
  method: 'POST',
  path: '/api/v1/add-plan-to-cart-prudentials',
  tags: ['cart'],
  body: ZAddPrudentialRequest,
  response: z.object({ plan_id: z.number(), plan_id1: z.number(), price_cents: z.number() }),
});

export const checkAlreadyInCart = endpoint({
  method: 'POST',
  path: '/api/v1/check-already-in-cart',
  tags: ['cart'],
  body: z.object({ enrollment_id: z.string().trim().min(1).max(64), plan_id: z.coerce.number().int().positive().max(2_147_483_647), plan_pricing_id: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
  response: z.object({ status: z.boolean() }),
});
