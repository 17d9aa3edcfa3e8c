import { z } from 'zod';
import {
  ZChangePaymentByLinkRequest,
  ZChangePaymentMethodByLinkRequest,
  ZPaymentChangeLink,
  ZPaymentChangeToken,
  ZPaymentOnFile,
} from '../payment-change.ts';
import { endpoint } from './endpoint.ts';

/** The one-time link of a failed payment's mail (issue 36): GET only reads (mail scanners open links); the form POSTs. */
export const getPaymentChangeLink = endpoint({
  method: 'GET',
  path: '/api/v1/payment-change/:token',
  summary: "Show a one-time change-payment link's form",
  tags: ['billing'],
  params: z.object({ token: ZPaymentChangeToken }),
  response: ZPaymentChangeLink,
});

/** The payer's new payment method, through the link (used once): the billing run's next try takes it at once. */
export const changePaymentByLink = endpoint({
  method: 'POST',
  path: '/api/v1/payment-change',
  summary: 'Change the payment method with a one-time link',
  tags: ['billing'],
  body: ZChangePaymentByLinkRequest,
  response: ZPaymentOnFile,
});

/** A card from Stripe's Payment Element through the link (its PaymentMethod id; PAYMENT_PROVIDER=stripe, decision 2670). */
export const changePaymentMethodByLink = endpoint({
  method: 'POST',
  path: '/api/v1/payment-change/payment-method',
  summary: "Change to a card from Stripe's Payment Element with a one-time link",
  tags: ['billing'],
  body: ZChangePaymentMethodByLinkRequest,
  response: ZPaymentOnFile,
});
