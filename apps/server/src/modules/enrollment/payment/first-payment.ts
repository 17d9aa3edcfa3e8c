import { AUTHENTICATION_TEXT, BILLING_TEXT } from '@store/domain/billing';
import { premiumKey, scheduledPayment, type PaymentSchedule } from '@store/domain/billing-schedule';
import { HttpError } from '../../../lib/errors.ts';
import type { Db } from '../context.ts';
import { insertFirstPayment } from '../purchase-repository.ts';
import type { ChargeResult, PaymentProvider } from './payment-provider.ts';
import { withTimeout } from '../../../lib/timeout.ts';
import { dropPendingAuthentication, keepPendingAuthentication, pendingAuthenticationOf } from './first-payment-repository.ts';

/** How long the completion waits for the first charge before refusing (the same key is sent again on the retry). */
export const FIRST_CHARGE_TIMEOUT_MS = 20_000;
/** The completion is refused when the processor does not answer in time; nothing was completed, nothing charged twice. */
export const CARD_NOT_ANSWERED = 'The card could not be charged just now. Please try again.';

export interface FirstPayment {
  /** The enrollment's payment method: cards and bank accounts are collected one by one; list bills are not. */
  method: string;
  /** The card's token (a saved card's or the billing step's). */
  cardToken: string | null;
  /** The member's saved method the payment is taken from (billing_records.payment_method_id). */
  methodId: number | null;
  /** The first payment in cents (the domain's chargeSummary initial_cents: the amount "today" the billing step showed). */
  cents: number;
  schedule: PaymentSchedule;
}

/**
 * The first payment at enrollment (payment 0, issue 36), through the billing run's path: a premium_payments row with
 * the key `premium:<enrollment>:<period>:0` and its ledger rows, in the completion's transaction (decision 2400).
 *
 * - A card is charged with that key before the completion commits. If the commit then fails, nothing of the completion
 *   is kept but the charge is: the completion's retry sends the same key, and the processor answers the first charge
 *   (its id is recorded) instead of charging again. A declined card refuses the completion with the card error beside
 *   the card number; a processor that does not answer refuses it with "try again" (the retry settles it by the key).
 * - A bank account: a pending debit due today, which the next billing day puts in its NACHA file.
 * - List bill, elist, stmt: nothing; the group's invoice collects them.
 *
 * Pending EOI (a plan waiting for the carrier's evidence of insurability) is not billed: `cents` is the domain's
 * chargeSummary initial_cents, which leaves its lines out (ChargeItem.held).
 */
export async function takeFirstPayment(
  trx: Db,
  enrollmentId: string,
  provider: Pick<PaymentProvider, 'charge' | 'pendingAuthentication'>,
  p: FirstPayment,
  opts: { timeoutMs?: number } = {},
): Promise<void> {
  if ((p.method !== 'cc' && p.method !== 'eft') || p.cents <= 0) return;
  const first = scheduledPayment(p.schedule, 0);
  const key = premiumKey(enrollmentId, first.period, 0);
  const row = {
    enrollment_id: enrollmentId,
    period: first.period,
    payment_index: 0,
    due_on: first.due_on,
    amount_cents: p.cents,
    method: p.method,
    idempotency_key: key,
    method_id: p.methodId,
  } as const;
  if (p.method === 'eft') {
    await insertFirstPayment(trx, { ...row, status: 'pending' }, [{ kind: 'charge', suffix: 'charge' }]);
    return;
  }
  if (!p.cardToken) throw cardError(BILLING_TEXT.CARD_DECLINED);
  const timeoutMs = opts.timeoutMs ?? FIRST_CHARGE_TIMEOUT_MS;
  let outcome: ChargeResult;
  try {
    // The cardholder confirmed the charge their bank asked about (3-D Secure): paid by it, nothing charged again.
    outcome =
      (await confirmedByCardholder(trx, enrollmentId, key, p.cents, provider, timeoutMs)) ??
      (await withTimeout(provider.charge(p.cardToken, p.cents, key), timeoutMs));
  } catch {
    throw new HttpError(503, CARD_NOT_ANSWERED, [{ target_element: 'card_number', error_message: CARD_NOT_ANSWERED }], {
      retryAfter: 5,
    });
  }
  if (outcome.status === 'declined') {
    if (outcome.code === 'authentication_required' && outcome.chargeId && provider.pendingAuthentication)
      throw new FirstChargeNeedsAuthentication(enrollmentId, key, outcome.chargeId);
    throw cardError(BILLING_TEXT.CARD_DECLINED);
  }
  await dropPendingAuthentication(trx, enrollmentId);
  await insertFirstPayment(trx, { ...row, status: 'succeeded', attempts: 1, provider_charge_id: outcome.chargeId }, [
    { kind: 'charge', suffix: 'charge' },
    { kind: 'payment', suffix: 'payment' },
  ]);
}

const cardError = (message: string) => new HttpError(422, message, [{ target_element: 'card_number', error_message: message }]);

/**
 * The first charge's card needs its holder (3-D Secure; decision 2821): the completion is refused (422 beside the card,
 * nothing of it kept) and the charge waiting is remembered after the rollback (`rememberPendingAuthentication`), so
 * that the shopper can confirm it (GET /api/v1/get-first-payment-authentication) and send the completion again.
 */
export class FirstChargeNeedsAuthentication extends HttpError {
  constructor(
    readonly enrollmentId: string,
    readonly idempotencyKey: string,
    readonly chargeId: string,
  ) {
    super(422, AUTHENTICATION_TEXT.NEEDED, [{ target_element: 'card_number', error_message: AUTHENTICATION_TEXT.NEEDED }]);
  }
}

/** Called with the refused completion's error, outside its (rolled back) transaction. */
export const rememberPendingAuthentication = (db: Db, err: FirstChargeNeedsAuthentication) =>
  keepPendingAuthentication(db, { enrollment_id: err.enrollmentId, idempotency_key: err.idempotencyKey, charge_id: err.chargeId });

/**
 * The charge kept for this payment's key, when the processor says its cardholder confirmed it and it is paid for this
 * amount (never the browser's word); null otherwise (the completion then charges as usual, with the same key).
 */
async function confirmedByCardholder(
  trx: Db,
  enrollmentId: string,
  key: string,
  cents: number,
  provider: Pick<PaymentProvider, 'pendingAuthentication'>,
  timeoutMs: number,
): Promise<ChargeResult | null> {
  const waiting = await pendingAuthenticationOf(trx, enrollmentId);
  if (!waiting || waiting.idempotency_key !== key || !provider.pendingAuthentication) return null;
  const pi = await withTimeout(provider.pendingAuthentication(waiting.charge_id), timeoutMs);
  return pi.status === 'succeeded' && pi.storeKey === key && pi.cents === cents ? { status: 'succeeded', chargeId: pi.chargeId } : null;
}
