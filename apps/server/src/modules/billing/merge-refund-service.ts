import type { Transaction } from 'kysely';
import { duplicatedFirstMonthCents, MERGE_REFUND_REASON, mergeRefundKey } from '@store/domain/open-enrollment-refund';
import type { BillingLine, Database } from '../../db/schema.ts';
import type { PaymentProvider } from '../enrollment/index.ts';
import { findBillingRecord } from './amount-repository.ts';
import * as repo from './ledger-repository.ts';
import { refundLocked } from './refund-service.ts';

/** Payments not collected yet: the merge's stopLaterPayments took the merged plan's amount off them already. */
const NOT_SENT = ['pending', 'declined'];

export type MergeRefund =
  /** Refunded to the card (now, or `already` by an earlier try with the same key). */
  | { outcome: 'refunded'; payment_id: number; period: string; cents: number; ledger_id: number; already: boolean }
  /** A bank debit the bank has (sent in a NACHA file): the store sends no credits; the operator returns it. */
  | { outcome: 'bank_debit'; payment_id: number; period: string; cents: number }
  /** Nothing to give back: no first payment, not collected yet, nothing of the plan in it, or nothing left of it. */
  | { outcome: 'none' };

/**
 * The merged plan's month in the choice's first payment (issue 38, decision 2870), in the caller's transaction: the
 * payment 0 of the choice's enrollment is locked, and the merged plan's lines of its billing record (the domain's
 * duplicatedFirstMonthCents, at most what is left of the payment) are refunded to the card through the one refund path
 * (`refundLocked`: the provider and a new ledger row `refund`, reason `open_enrollment_merged`, both with the key
 * `refund:<payment>:oe-merged-<policy>`, which the database keeps unique). Run again, or by two processes at once
 * (the second waits for the payment's lock), it finds the row of its key and refunds nothing more. A refusal throws
 * RefundRefused and a provider that does not answer Error('timeout'): nothing is written.
 */
export async function refundMergedFirstMonth(
  provider: Pick<PaymentProvider, 'refund'>,
  trx: Transaction<Database>,
  m: { enrollmentId: string; planId: number; policyId: number },
): Promise<MergeRefund> {
  const first = await repo.firstPaymentOf(trx, m.enrollmentId);
  if (!first) return { outcome: 'none' };
  const found = await repo.paymentForRefund(trx, first.id);
  if (!found) return { outcome: 'none' };
  const p = found.payment;
  const key = mergeRefundKey(p.id, m.policyId);
  const done = await repo.ledgerRowByKey(trx, key);
  if (done) return { outcome: 'refunded', payment_id: p.id, period: p.period, cents: done.amount_cents, ledger_id: done.id, already: true };
  if (NOT_SENT.includes(p.status)) return { outcome: 'none' };
  const record = await findBillingRecord(trx, m.enrollmentId);
  const lines: BillingLine[] = !record ? [] : typeof record.lines === 'string' ? JSON.parse(record.lines) : record.lines;
  if (p.method === 'eft') {
    const cents = duplicatedFirstMonthCents(lines, m.planId, p.amount_cents - found.refunded);
    return cents > 0 ? { outcome: 'bank_debit', payment_id: p.id, period: p.period, cents } : { outcome: 'none' };
  }
  const cents = duplicatedFirstMonthCents(lines, m.planId, found.paid - found.refunded);
  if (p.method !== 'cc' || !p.provider_charge_id || cents === 0) return { outcome: 'none' };
  const made = await refundLocked(trx, provider, p, {
    cents,
    key,
    reason: MERGE_REFUND_REASON,
    accountId: null,
    audit: { policy_id: m.policyId, plan_id: m.planId },
  });
  return { outcome: 'refunded', payment_id: p.id, period: p.period, cents, ledger_id: made.ledgerId, already: false };
}
