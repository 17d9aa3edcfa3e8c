import type { Insertable } from 'kysely';
import { todayIso } from '@store/domain/dates';
import type { LedgerEntriesTable } from '../../db/schema.ts';
import type { ProviderEvent } from '../../lib/payment-provider.ts';
import { paidKey, record, type CollectFigures } from './collect-service.ts';
import { disputeClosed, disputeOpened } from './dispute-service.ts';
import { updatePayments } from './collect-repository.ts';
import { appendLedger, inTransaction, type Db, type PremiumPayment } from './repository.ts';
import { insertWebhookEvent, lockPaymentOf, markPaymentPaid, refundedCents, setWebhookOutcome } from './webhook-repository.ts';

/** What an event did: applied, or why nothing changed. */
export type WebhookOutcome = 'applied' | 'replayed' | 'already' | 'unknown-payment' | 'amount-mismatch' | 'ignored';

/**
 * Applies a processor's webhook event whose signature held (decision 2670), in one transaction with the record of its
 * id: an event id seen before changes nothing (the primary key of payment_webhook_events), and each change is also
 * idempotent by itself (a payment paid once, ledger rows with keys), so the same fact told by two events, or by an
 * event and the billing run, is on the ledger once.
 * - payment succeeded: a card payment still open (unknown, declined, failed, waiting for its payer's authentication)
 *   is paid: status succeeded, a ledger `payment` row under the payment's own key (`<key>:payment`, the billing run's).
 * - payment failed: a payment left "unknown" (the run had no answer) is declined as the run would have recorded it
 *   (its retry days, a `decline` row); a payment whose outcome the store knows is left alone.
 * - charge refunded: refunds made outside the store (the dashboard) are recorded: the difference between the charge's
 *   refunded total and the ledger's refunds of the payment (the console's own refunds are on the ledger already).
 * - dispute created: the disputed amount leaves the account: a `return` row (reason `dispute:<reason>`), once per dispute.
 * - dispute closed: won, the amount comes back; lost, the hold is final and the payment returned (dispute-service.ts).
 */
export async function applyProviderEvent(db: Db, provider: string, event: ProviderEvent, now = new Date()): Promise<WebhookOutcome> {
  return inTransaction(db, async (trx) => {
    if (!(await insertWebhookEvent(trx, provider, event.id, event.type === 'ignored' ? event.name : event.type))) return 'replayed';
    const outcome = await apply(trx, event, now);
    await setWebhookOutcome(trx, provider, event.id, outcome);
    return outcome;
  });
}

async function apply(trx: Db, event: ProviderEvent, now: Date): Promise<Exclude<WebhookOutcome, 'replayed'>> {
  if (event.type === 'ignored') return 'ignored';
  if (event.type === 'payment_succeeded') {
    const p = await lockPaymentOf(trx, { storeKey: event.storeKey, chargeId: event.chargeId });
    if (!p) return 'unknown-payment';
    if (event.cents !== p.amount_cents) return 'amount-mismatch';
    return settlePaid(trx, p, event.chargeId, now);
  }
  if (event.type === 'payment_failed') {
    const p = await lockPaymentOf(trx, { storeKey: event.storeKey, chargeId: event.chargeId });
    if (!p) return 'unknown-payment';
    if (p.status !== 'unknown') return 'already';
    const ledger: Insertable<LedgerEntriesTable>[] = [];
    const figures: CollectFigures = { tried: 0, succeeded: 0, declined: 0, failed: 0, unknown: 0, moved_to_bank: 0 };
    const declined = { status: 'declined' as const, code: event.code, message: '', ...waitingCharge(event) };
    // The outcome of the try left unknown (already counted in `attempts`), not another try.
    const tried = { ...p, attempts: Math.max(0, p.attempts - 1) };
    await updatePayments(trx, [record(tried, declined, todayIso(now), now, ledger, figures, p.method_id)]);
    await appendLedger(trx, ledger);
    return 'applied';
  }
  const p = await lockPaymentOf(trx, { chargeId: event.chargeId });
  if (!p) return 'unknown-payment';
  const base = { enrollment_id: p.enrollment_id, period: p.period, payment_id: p.id };
  if (event.type === 'charge_refunded') {
    const more = event.refundedCents - (await refundedCents(trx, p.id));
    if (more <= 0) return 'already';
    const key = `stripe:${event.chargeId}:refunded:${event.refundedCents}`;
    const added = await appendLedger(trx, [
      { ...base, kind: 'refund', amount_cents: more, reason: 'refunded_by_processor', idempotency_key: key },
    ]);
    return added ? 'applied' : 'already';
  }
  return event.type === 'dispute_created' ? disputeOpened(trx, p, event) : disputeClosed(trx, p, event, now);
}

const waitingCharge = (event: { code: string; chargeId: string }) =>
  event.code === 'authentication_required' ? { chargeId: event.chargeId } : {};

/**
 * A card payment the processor says is paid (a webhook, or the payer's confirmation in the member home): paid once,
 * whatever told it first; a payment already paid, or voided, is left alone.
 */
export async function settlePaid(trx: Db, p: PremiumPayment, chargeId: string, at: Date): Promise<'applied' | 'already'> {
  if (p.status === 'succeeded' || p.status === 'void') return 'already';
  await markPaymentPaid(trx, p.id, chargeId, at);
  const base = { enrollment_id: p.enrollment_id, period: p.period, payment_id: p.id, amount_cents: p.amount_cents };
  await appendLedger(trx, [{ ...base, kind: 'payment', reason: null, idempotency_key: paidKey(p, chargeId) }]);
  return 'applied';
}
