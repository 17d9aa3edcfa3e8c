import { z } from 'zod';
import { ZMe } from './auth.ts';

/**
 * What every page of the store wants to know about the visitor's session, in one answer (GET /api/v1/get-session,
 * decision 2760): who is signed in (as /api/auth/me), the stored quote's cart as the header and the filter bar show
 * it (as get-cart-count, get-cart-amount and get-more-requirement), and whether this device left a lead (as
 * check-lead-information, for the location banner).
 */
export const ZSessionCart = z.object({
  /** Plans in the cart (the header's badge). */
  count: z.number().int().min(0),
  /** The cart's monthly amount in dollars ("12.34"), beside the badge. */
  amount: z.string(),
  /** A premier plan is in the cart: IC reads 'Member + 1 Child'. */
  premier: z.boolean(),
});
export type TSessionCart = z.infer<typeof ZSessionCart>;

export const ZSession = z.object({
  me: ZMe,
  /** The asked quote's cart; null without a quote, or for one this session may not open (as if it did not exist). */
  cart: ZSessionCart.nullable(),
  /** Whether the device asked about left a lead; null when no device was named. */
  lead_recorded: z.boolean().nullable(),
});
export type TSession = z.infer<typeof ZSession>;
