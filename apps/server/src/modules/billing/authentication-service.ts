import { AUTHENTICATION_TEXT, type TPaymentAuthentication } from '@store/domain/ledger';
import type { PaymentProvider } from '../../lib/payment-provider.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { waitsForPayer } from './ledger-service.ts';
import { inTransaction, type Db, type PremiumPayment } from './repository.ts';
import { lockMemberPayment, memberPayment } from './webhook-repository.ts';
import { settlePaid } from './webhook-service.ts';

type AuthDeps = { db: Db; payments: PaymentProvider };

/**
 * A premium whose card's bank asked its holder to confirm it (3-D Secure, decision 2670). The off-session charge left
 * its PaymentIntent waiting (`provider_charge_id`, failure `authentication_required`); meanwhile the payment is a
 * decline to the retries and the grace period. The member home fetches what Stripe.js needs to have the member
 * confirm it (`confirmCardPayment`), then tells the store, which asks Stripe itself whether it is paid: only
 * Stripe's answer records the payment (once, like a webhook's: `settlePaid`). Only the payment's own member.
 */
async function waitingPayment(deps: AuthDeps, userId: number, paymentId: number): Promise<PremiumPayment & { provider_charge_id: string }> {
  const p = await memberPayment(deps.db, userId, paymentId);
  if (!p) throw notFound();
  if (p.status === 'succeeded') return p as PremiumPayment & { provider_charge_id: string };
  if (!waitsForPayer(p) || !deps.payments.pendingAuthentication) throw fieldError('payment_id', AUTHENTICATION_TEXT.NOT_WAITING);
  return p as PremiumPayment & { provider_charge_id: string };
}

export async function paymentAuthentication(
  deps: AuthDeps,
  userId: number,
  paymentId: number,
  now = new Date(),
): Promise<TPaymentAuthentication> {
  const p = await waitingPayment(deps, userId, paymentId);
  if (p.status === 'succeeded') return { status: 'paid' };
  const pi = await deps.payments.pendingAuthentication!(p.provider_charge_id);
  if (pi.storeKey !== p.idempotency_key) throw notFound();
  // Confirmed already (in another tab, or a webhook not yet arrived): recorded now.
  if (pi.status === 'succeeded') return (await record(deps, userId, paymentId, pi.chargeId, now), { status: 'paid' });
  if (pi.status !== 'requires_action' || !pi.clientSecret || deps.payments.cardEntry.provider !== 'stripe')
    throw fieldError('payment_id', AUTHENTICATION_TEXT.NOT_WAITING);
  return {
    status: 'requires_action',
    publishable_key: deps.payments.cardEntry.publishable_key,
    client_secret: pi.clientSecret,
    payment_method_id: pi.paymentMethodId,
    amount_cents: p.amount_cents,
  };
}

/** The member confirmed the payment in the browser: paid when Stripe says so (checked here), else 422. */
export async function confirmPaymentAuthentication(deps: AuthDeps, userId: number, paymentId: number, now = new Date()) {
  const p = await waitingPayment(deps, userId, paymentId);
  if (p.status === 'succeeded') return { status: 'paid' as const };
  const pi = await deps.payments.pendingAuthentication!(p.provider_charge_id);
  if (pi.storeKey !== p.idempotency_key) throw notFound();
  if (pi.status !== 'succeeded' || pi.cents !== p.amount_cents) throw fieldError('payment_id', AUTHENTICATION_TEXT.NOT_CONFIRMED);
  await record(deps, userId, paymentId, pi.chargeId, now);
  return { status: 'paid' as const };
}

const record = (deps: AuthDeps, userId: number, paymentId: number, chargeId: string, at: Date) =>
  inTransaction(deps.db, async (trx) => {
    const p = await lockMemberPayment(trx, userId, paymentId);
    if (p) await settlePaid(trx, p, chargeId, at);
  });
