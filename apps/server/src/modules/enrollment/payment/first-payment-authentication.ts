import { AUTHENTICATION_TEXT, type TPaymentAuthentication } from '@store/domain/billing';
import type { Enrollment } from '../../../db/schema.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import type { PaymentProvider } from '../../../lib/payment-provider.ts';
import type { Db } from '../context.ts';
import { pendingAuthenticationOf } from './first-payment-repository.ts';

/**
 * The completion's first charge waiting for its cardholder (3-D Secure; decision 2821), for the enrollment's own
 * session (the caller loads it as its own): what Stripe.js needs to have the cardholder confirm it (the same answer as
 * the member home's, decision 2670), or `paid` when Stripe says it is (then, or once the enrollment is completed).
 */
export async function firstPaymentAuthentication(
  deps: { db: Db; payments: PaymentProvider },
  e: Pick<Enrollment, 'id' | 'status'>,
): Promise<TPaymentAuthentication> {
  if (e.status === 'completed') return { status: 'paid' };
  const waiting = await pendingAuthenticationOf(deps.db, e.id);
  const entry = deps.payments.cardEntry;
  if (!waiting || !deps.payments.pendingAuthentication || entry.provider !== 'stripe')
    throw fieldError('card_number', AUTHENTICATION_TEXT.NOT_WAITING);
  const pi = await deps.payments.pendingAuthentication(waiting.charge_id);
  if (pi.storeKey !== waiting.idempotency_key) throw notFound();
  if (pi.status === 'succeeded') return { status: 'paid' };
  if (pi.status !== 'requires_action' || !pi.clientSecret) throw fieldError('card_number', AUTHENTICATION_TEXT.NOT_WAITING);
  return {
    status: 'requires_action',
    publishable_key: entry.publishable_key,
    client_secret: pi.clientSecret,
    payment_method_id: pi.paymentMethodId,
    amount_cents: pi.cents,
  };
}
