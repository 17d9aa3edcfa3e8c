import type { BillingLine } from '../../db/schema.ts';
import { findBillingRecord, lockBillingRecord, setRecurringAmount } from './amount-repository.ts';
import { appendLedger, type Db } from './repository.ts';

/**
 * A change of an enrollment's monthly amount after the sale (issue 38, decision 2550: a life event's new dependents
 * priced at their tier), in the caller's transaction: the billing record's lines and recurring amount change, so the
 * billing run charges the new amount from the next bill day on; a mid-month start adds a ledger adjustment of the
 * prorated difference (computed in packages/domain), once per idempotency key. Answers the amounts before and after,
 * or null when the enrollment has no billing record (a list bill the group's invoice carries).
 */
export async function changeMonthlyAmount(
  trx: Db,
  enrollmentId: string,
  reprice: (lines: BillingLine[]) => BillingLine[],
  adjustment: (deltaCents: number) => { period: string; cents: number; key: string; reason: string },
): Promise<{ before: number; after: number; adjustment: number } | null> {
  const record = await lockBillingRecord(trx, enrollmentId);
  if (!record) return null;
  const lines = (typeof record.lines === 'string' ? JSON.parse(record.lines) : record.lines) as BillingLine[];
  const next = reprice(lines);
  const before = lines.reduce((a, l) => a + l.monthly_cents, 0);
  const after = next.reduce((a, l) => a + l.monthly_cents, 0);
  const recurring = record.recurring_cents + (after - before);
  await setRecurringAmount(trx, enrollmentId, next, recurring);
  const a = adjustment(after - before);
  if (a.cents !== 0)
    await appendLedger(trx, [
      {
        enrollment_id: enrollmentId,
        period: a.period,
        kind: 'adjustment',
        amount_cents: a.cents,
        payment_id: null,
        reason: a.reason,
        idempotency_key: a.key,
      },
    ]);
  return { before: record.recurring_cents, after: recurring, adjustment: a.cents };
}

/**
 * What `changeMonthlyAmount` would make of the recurring amount, read without a lock or a write (the member's preview
 * of a change before confirming it). Null without a billing record.
 */
export async function previewMonthlyAmount(
  db: Db,
  enrollmentId: string,
  reprice: (lines: BillingLine[]) => BillingLine[],
): Promise<{ before: number; after: number } | null> {
  const record = await findBillingRecord(db, enrollmentId);
  if (!record) return null;
  const lines = (typeof record.lines === 'string' ? JSON.parse(record.lines) : record.lines) as BillingLine[];
  const sum = (ls: BillingLine[]) => ls.reduce((a, l) => a + l.monthly_cents, 0);
  return { before: record.recurring_cents, after: record.recurring_cents + sum(reprice(lines)) - sum(lines) };
}
