import type { Kysely, Selectable, Transaction } from 'kysely';
import { amountToCents, LEDGER_TEXT, type TRefundRequestIn } from '@store/domain/ledger';
import type { Database, PremiumPaymentsTable } from '../../db/schema.ts';
import { fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { withTimeout } from '../../lib/timeout.ts';
import type { PaymentProvider } from '../enrollment/index.ts';
import * as repo from './ledger-repository.ts';

/** How long a refund waits for the provider before it counts as not answered (the same key settles it on the retry). */
export const REFUND_TIMEOUT_MS = 20_000;

/** The provider refused the refund (its message kept for the operator): the console answers 502 with it. */
export class RefundRefused extends HttpError {
  constructor(readonly providerMessage: string) {
    super(502, LEDGER_TEXT.REFUND_FAILED);
  }
}

/**
 * The one refund path (issue 36): a card payment, locked by the caller (`paymentForRefund`), refunded through the
 * provider with the idempotency key `key` (the provider answers the first refund for a key again), then a new ledger
 * row `refund` with the same key (unique in the database: a second refund of the key cannot be written) and an audit
 * row, in the caller's transaction. A refusal throws RefundRefused, a provider that does not answer Error('timeout'):
 * nothing is written, and the same key tried again refunds at most once.
 */
export async function refundLocked(
  trx: Transaction<Database>,
  provider: Pick<PaymentProvider, 'refund'>,
  p: Selectable<PremiumPaymentsTable>,
  r: { cents: number; key: string; reason: string; accountId: number | null; audit?: Record<string, unknown> },
): Promise<{ ledgerId: number; refundId: string }> {
  const answer = await withTimeout(provider.refund(p.provider_charge_id!, r.cents, r.key), REFUND_TIMEOUT_MS);
  if (answer.status !== 'succeeded') throw new RefundRefused(answer.message);
  const ledgerId = await repo.insertLedgerRow(trx, {
    enrollment_id: p.enrollment_id,
    period: p.period,
    kind: 'refund',
    amount_cents: r.cents,
    payment_id: p.id,
    reason: r.reason,
    idempotency_key: r.key,
  });
  await repo.auditRow(trx, r.accountId, 'ledger.refund', `premium_payment:${p.id}`, {
    ledger_id: ledgerId,
    amount_cents: r.cents,
    refund_id: answer.refundId,
    reason: r.reason,
    ...r.audit,
  });
  return { ledgerId, refundId: answer.refundId };
}

/**
 * Refunds part or all of a card payment through the provider, with an idempotency key made of the payment and the
 * form's key (the same request again refunds nothing more and answers the first refund), never more than was paid
 * and not yet refunded; the refund is a new ledger row and an audit row of the operator, in one transaction.
 */
export async function refundPayment(
  deps: { db: Kysely<Database>; provider: Pick<PaymentProvider, 'refund'> },
  accountId: number,
  body: TRefundRequestIn,
) {
  const cents = amountToCents(body.amount);
  const key = `refund:${body.payment_id}:${body.key}`;
  return deps.db.transaction().execute(async (trx) => {
    const found = await repo.paymentForRefund(trx, Number(body.payment_id));
    if (!found) throw notFound();
    const done = await repo.ledgerRowByKey(trx, key);
    if (done) return { ledger_id: done.id, amount_cents: done.amount_cents, refunded_cents: found.refunded };
    const p = found.payment;
    if (p.method !== 'cc') throw fieldError('payment_id', LEDGER_TEXT.REFUND_NOT_CARD);
    if (found.paid <= 0 || !p.provider_charge_id) throw fieldError('payment_id', LEDGER_TEXT.REFUND_NOT_PAID);
    if (cents > found.paid - found.refunded) throw fieldError('amount', LEDGER_TEXT.REFUND_TOO_MUCH);
    const made = await refundLocked(trx, deps.provider, p, { cents, key, reason: body.reason.trim(), accountId });
    return { ledger_id: made.ledgerId, amount_cents: cents, refunded_cents: found.refunded + cents };
  });
}
