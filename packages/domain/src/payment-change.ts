import { z } from 'zod';
import { ZBankFields, ZCardEntry, ZCardFields } from './billing.ts';
import { ZChangePaymentMethodRequest, ZPaymentOnFile } from './member-home.ts';

/**
 * The change-payment form of a failed payment's one-time link (issue 36), for a payer without an account: the token of
 * the mail's link (`<nonce>.<expiry>.<signature>`), and the member home's change of payment with it.
 */
export const ZPaymentChangeToken = z.string().regex(/^[A-Za-z0-9_-]{24}\.[0-9a-z]{1,10}\.[A-Za-z0-9_-]{22}$/, 'This link is not valid.');

/** What the form shows before it is used: whose payment, what they may pay with, until when the link works. */
export const ZPaymentChangeLink = z.object({
  first_name: z.string(),
  payment_options: z.array(z.enum(['cc', 'eft'])),
  expires_on: z.string(),
  /** How a new card is taken: the store's fields, or Stripe's Payment Element (decision 2670). */
  card_entry: ZCardEntry,
});
export type TPaymentChangeLink = z.infer<typeof ZPaymentChangeLink>;

export const ZChangePaymentByLinkRequest = z.discriminatedUnion('payment_method', [
  z.object({ token: ZPaymentChangeToken, payment_method: z.literal('eft'), ...ZBankFields.shape }),
  z.object({ token: ZPaymentChangeToken, payment_method: z.literal('cc'), ...ZCardFields.shape }),
]);
export type TChangePaymentByLinkRequest = z.infer<typeof ZChangePaymentByLinkRequest>;

/** A card from Stripe's Payment Element through the link (decision 2670). */
export const ZChangePaymentMethodByLinkRequest = ZChangePaymentMethodRequest.extend({ token: ZPaymentChangeToken });
export type TChangePaymentMethodByLinkRequest = z.infer<typeof ZChangePaymentMethodByLinkRequest>;

export { ZPaymentOnFile };

/** The link was used, has expired or was never made: the payer signs in, or waits for the next mail. */
export const PAYMENT_LINK_INVALID = 'This link has expired or was already used.';
