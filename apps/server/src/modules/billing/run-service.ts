import { premiumKey, scheduledPayment, type PaymentSchedule } from '@store/domain/billing-schedule';
import type { Insertable } from 'kysely';
import type { PremiumPaymentsTable } from '../../db/schema.ts';
import { analyzePayments, billableEnrollments, inTransaction, insertDuePayments, type BillableEnrollment, type Db } from './repository.ts';
import { renewalSteps, type RenewalStep } from './renewal-repository.ts';

/** Enrollments read per page by the billing run (its memory holds one page, whatever the number of enrollments). */
export const BILLING_PAGE = 1000;

/** Payments added by one run past which the planner's figures of the table are refreshed (decision 2740). */
export const ANALYZE_AFTER = 5000;

/** The idempotency key of a payment (packages/domain: the completion's first payment uses the same). */
export { premiumKey };

/**
 * The recurring payments of one enrollment due on or before `day` that it has no row for yet. A period that begins on
 * or after a renewal date is billed at the renewal's price (`steps`, decision 2560): the rate of the period it bills.
 */
export function duePaymentsOf(e: BillableEnrollment, day: string, steps: readonly RenewalStep[] = []): Insertable<PremiumPaymentsTable>[] {
  const schedule: PaymentSchedule = {
    first_charge_on: e.first_charge_on,
    starts_on: e.starts_on,
    recurring_from: e.recurring_from,
    bill_day: e.bill_day,
  };
  const out: Insertable<PremiumPaymentsTable>[] = [];
  for (let i = Math.max(1, (e.last_index ?? 0) + 1); ; i++) {
    const p = scheduledPayment(schedule, i);
    if (p.due_on > day) break;
    out.push({
      enrollment_id: e.enrollment_id,
      period: p.period,
      payment_index: p.index,
      due_on: p.due_on,
      amount_cents: Math.max(0, e.recurring_cents + steps.reduce((a, s) => a + (s.from <= p.covers_from ? s.cents : 0), 0)),
      method: e.payment_method,
      idempotency_key: premiumKey(e.enrollment_id, p.period, p.index),
    });
  }
  return out;
}

/**
 * The billing run's first step for a day: one payment row per billable enrollment and period due on or before the day,
 * page by page (a catch-up after downtime adds each missed period once; a day run twice, or by two processes, adds
 * nothing the second time: the database's unique keys decide, not this code).
 */
export async function createDuePayments(db: Db, day: string, page = BILLING_PAGE): Promise<{ enrollments: number; added: number }> {
  let after = '';
  let enrollments = 0;
  let added = 0;
  for (;;) {
    const list = await billableEnrollments(db, after, page);
    if (list.length === 0) break;
    enrollments += list.length;
    const steps = await renewalSteps(
      db,
      list.map((e) => e.enrollment_id),
    );
    const rows = list.flatMap((e) => duePaymentsOf(e, day, steps.get(e.enrollment_id)));
    added += await inTransaction(db, (trx) => insertDuePayments(trx, rows));
    after = list[list.length - 1].enrollment_id;
  }
  // Many payments added: the planner learns it before the claims read them (repository.ts).
  if (added >= ANALYZE_AFTER) await analyzePayments(db);
  return { enrollments, added };
}
