import type { Transaction } from 'kysely';
import {
  MERGE_REFUND_REASON,
  mergeMembershipRefundKey,
  mergeRefundKey,
  mergeRefundPartCents,
  type MergeRefundPart,
} from '@store/domain/open-enrollment-refund';
import type { BillingLine, Database } from '../../db/schema.ts';
import type { PaymentProvider } from '../enrollment/index.ts';
import { findBillingRecord } from './amount-repository.ts';
import * as repo from './ledger-repository.ts';
import { refundedForOtherCents } from './refund-due-repository.ts';
import { refundLocked, RefundRefused } from './refund-service.ts';

/** Payments not collected yet: the merge's stopLaterPayments took the merged plan's amount off them already. */
const NOT_SENT = ['pending', 'declined'];

/** What is due on the payment when the provider does not answer or refuses: the operator's list says it. */
export interface MergeRefundDue {
  payment_id: number;
  period: string;
  cents: number;
}

export type MergeRefund =
  /** Refunded to the card (now, or `already` by an earlier try with the same key). */
  | ({ outcome: 'refunded'; ledger_id: number; already: boolean } & MergeRefundDue)
  /** A bank debit the bank has (sent in a NACHA file): the store sends no credits; the operator returns it. */
  | ({ outcome: 'bank_debit' } & MergeRefundDue)
  /** The provider refused it (its message): nothing written; the operator refunds it. */
  | ({ outcome: 'refused'; message: string } & MergeRefundDue)
  /** Nothing to give back: no first payment, not collected yet, nothing of the part in it, or nothing left of it. */
  | { outcome: 'none' };

/** The provider did not answer (a timeout, an outage): nothing written; what was asked, for the operator at the last try. */
export class RefundNotAnswered extends Error {
  constructor(
    message: string,
    readonly due: MergeRefundDue,
  ) {
    super(message);
  }
}

/**
 * One part of the choice's first payment given back after a merge (issue 38, decisions 2870 and 2871), in the caller's
 * transaction: the payment 0 of the choice's enrollment is locked, the part's cents computed by the domain
 * (mergeRefundPartCents: the merged plan's lines, or the membership fee when every plan of the choice is merged, less
 * what refunds of the payment, an operator's by hand included, already gave back) and refunded to the card through the
 * one refund path (`refundLocked`: the provider and a new ledger row `refund`, reason `open_enrollment_merged`, both
 * with the part's key `refund:<payment>:oe-merged-<policy>` or `refund:<payment>:oe-merged-membership`, which the
 * database keeps unique). Run again, or by two processes at once (the second waits for the payment's lock), it finds
 * the row of its key and refunds nothing more. `mergedPlanIds`: the plans of the choice merged so far.
 */
export async function refundMergedFirstMonth(
  provider: Pick<PaymentProvider, 'refund'>,
  trx: Transaction<Database>,
  m: { enrollmentId: string; planId: number; policyId: number; part?: MergeRefundPart; mergedPlanIds?: readonly number[] },
): Promise<MergeRefund> {
  const part = m.part ?? 'plan';
  const first = await repo.firstPaymentOf(trx, m.enrollmentId);
  if (!first) return { outcome: 'none' };
  const found = await repo.paymentForRefund(trx, first.id);
  if (!found) return { outcome: 'none' };
  const p = found.payment;
  const key = part === 'plan' ? mergeRefundKey(p.id, m.policyId) : mergeMembershipRefundKey(p.id);
  const done = await repo.ledgerRowByKey(trx, key);
  if (done) return { outcome: 'refunded', payment_id: p.id, period: p.period, cents: done.amount_cents, ledger_id: done.id, already: true };
  if (NOT_SENT.includes(p.status)) return { outcome: 'none' };
  const record = await findBillingRecord(trx, m.enrollmentId);
  const lines: BillingLine[] = !record ? [] : typeof record.lines === 'string' ? JSON.parse(record.lines) : record.lines;
  const mergedPlanIds = m.mergedPlanIds ?? [m.planId];
  // Every refund of the payment counts (an operator's by hand says no plan), but a rejected plan's (issue 39).
  const refundedCents = found.refunded - (await refundedForOtherCents(trx, p.id));
  const of = (refundable: number) =>
    mergeRefundPartCents({ lines, part, planId: m.planId, mergedPlanIds, refundedCents, refundableCents: refundable });
  if (p.method === 'eft') {
    const cents = of(p.amount_cents - found.refunded);
    return cents > 0 ? { outcome: 'bank_debit', payment_id: p.id, period: p.period, cents } : { outcome: 'none' };
  }
  const cents = of(found.paid - found.refunded);
  if (p.method !== 'cc' || !p.provider_charge_id || cents === 0) return { outcome: 'none' };
  const due = { payment_id: p.id, period: p.period, cents };
  try {
    const made = await refundLocked(trx, provider, p, {
      cents,
      key,
      reason: MERGE_REFUND_REASON,
      accountId: null,
      audit: part === 'plan' ? { policy_id: m.policyId, plan_id: m.planId } : { part, policy_id: m.policyId },
    });
    return { outcome: 'refunded', ...due, ledger_id: made.ledgerId, already: false };
  } catch (err) {
    if (err instanceof RefundRefused) return { outcome: 'refused', ...due, message: err.providerMessage };
    throw new RefundNotAnswered(String((err as Error).message).slice(0, 200), due);
  }
}
