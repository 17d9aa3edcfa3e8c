import { todayIso } from '@store/domain/dates';
import type { ProviderEvent } from '../../lib/payment-provider.ts';
import { appendLedger, type Db, type PremiumPayment } from './repository.ts';
import { ledgerKeyTaken, markDisputeLost } from './webhook-repository.ts';

type Dispute = Extract<ProviderEvent, { type: 'dispute_created' | 'dispute_closed' }>;
type Closed = Extract<ProviderEvent, { type: 'dispute_closed' }>;
type Outcome = 'applied' | 'already' | 'ignored';

/** Stripe's closed statuses that leave the money with the store: a dispute won, an inquiry closed without a chargeback. */
const KEPT_BY_STORE = ['won', 'warning_closed'];

/** The ledger key of a dispute's hold (the money the processor took when it opened), and of what closed it. */
const holdKey = (d: Dispute) => `stripe:dispute:${d.disputeId}`;

const hold = (p: PremiumPayment, d: Dispute) => ({
  enrollment_id: p.enrollment_id,
  period: p.period,
  payment_id: p.id,
  kind: 'return' as const,
  amount_cents: d.cents,
  reason: `dispute:${d.reason}`.slice(0, 100),
  idempotency_key: holdKey(d),
});

/**
 * A dispute opened (decision 2670): the disputed amount leaves the account, a `return` row under the dispute's id. The
 * payment's standing is unchanged while the dispute runs: nothing is decided yet.
 */
export async function disputeOpened(trx: Db, p: PremiumPayment, d: Dispute): Promise<Outcome> {
  return (await appendLedger(trx, [hold(p, d)])) ? 'applied' : 'already';
}

/**
 * A dispute closed (decision 2820), once per dispute (the rows' keys), whichever event tells it:
 * - won (or an inquiry closed): the hold comes back, a new `payment` row of the held amount (reason `dispute_won`);
 *   the member's Payments count the payment as paid again. No hold recorded: nothing was taken, nothing comes back.
 * - lost: the hold is final: an `adjustment` row of 0 (reason `dispute_lost`; the hold's `return` row, if its opening
 *   was never received, first), and the payment is returned (`dispute_lost`), due again from the day of the loss: its
 *   grace period runs from then; the failure mail tells the member and the operators (failure-notice.ts).
 */
export async function disputeClosed(trx: Db, p: PremiumPayment, d: Closed, now: Date): Promise<Outcome> {
  const key = holdKey(d);
  const base = { enrollment_id: p.enrollment_id, period: p.period, payment_id: p.id };
  if (KEPT_BY_STORE.includes(d.status)) {
    const held = await ledgerKeyTaken(trx, key);
    if (!held) return 'already';
    const back = {
      ...base,
      kind: 'payment' as const,
      amount_cents: held.amount_cents,
      reason: 'dispute_won',
      idempotency_key: `${key}:won`,
    };
    return (await appendLedger(trx, [back])) ? 'applied' : 'already';
  }
  if (d.status !== 'lost') return 'ignored';
  if (await ledgerKeyTaken(trx, `${key}:lost`)) return 'already';
  const final = { ...base, kind: 'adjustment' as const, amount_cents: 0, reason: 'dispute_lost', idempotency_key: `${key}:lost` };
  await appendLedger(trx, [hold(p, d), final]);
  await markDisputeLost(trx, p.id, todayIso(now), now);
  return 'applied';
}
