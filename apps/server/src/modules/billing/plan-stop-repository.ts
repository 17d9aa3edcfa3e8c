import { addDaysIso } from '@store/domain/dates';
import type { BillingLine } from '../../db/schema.ts';
import { appendLedger, type Db } from './repository.ts';

/** Payments created and not yet collected: the billing run tries them on their due day (or again after a decline). */
const NOT_YET_COLLECTED = ['pending', 'declined'] as const;

/**
 * A member's cancellation of plans (issue 38, decision 2560) stops the payments already created for a period after
 * their coverage ends (created on an earlier run, not yet charged or debited): the cancelled plans' monthly cents come
 * off each, and a payment left with nothing to pay, or whose enrollment has no coverage left, is voided. Each change
 * is an adjustment row of the ledger (reason `plan_cancelled`). Call in the cancellation's transaction, after the
 * policies are ended. A payment charged or debited already stays as it is (a refund is the operator's).
 */
export async function stopLaterPayments(trx: Db, enrollmentId: string, planIds: number[], endsOn: string, at: Date = new Date()) {
  const fromPeriod = addDaysIso(endsOn, 1).slice(0, 7);
  const waiting = await trx
    .selectFrom('premium_payments')
    .select(['id', 'period', 'amount_cents', 'idempotency_key'])
    .where('enrollment_id', '=', enrollmentId)
    .where('period', '>=', fromPeriod)
    .where('status', 'in', [...NOT_YET_COLLECTED])
    .forUpdate()
    .execute();
  if (waiting.length === 0) return { voided: 0, reduced: 0 };
  const record = await trx.selectFrom('billing_records').select('lines').where('enrollment_id', '=', enrollmentId).executeTakeFirst();
  const lines: BillingLine[] = record ? (typeof record.lines === 'string' ? JSON.parse(record.lines) : record.lines) : [];
  const cut = lines.filter((l) => l.plan_id !== null && planIds.includes(l.plan_id)).reduce((a, l) => a + l.monthly_cents, 0);
  const left = await trx
    .selectFrom('policies')
    .select('policy_id')
    .where('enrollment_id', '=', enrollmentId)
    .where('status', '=', 'ACTIVE')
    .where('ends_on', 'is', null)
    .where((eb) => eb.or([eb('eoi_status', 'is', null), eb('eoi_status', '=', 'approved')]))
    .executeTakeFirst();
  let voided = 0;
  let reduced = 0;
  for (const p of waiting) {
    const amount = left ? Math.max(0, p.amount_cents - cut) : 0;
    if (amount === p.amount_cents) continue;
    if (amount === 0) {
      await trx.updateTable('premium_payments').set({ status: 'void', next_try_on: null, updated_at: at }).where('id', '=', p.id).execute();
      voided++;
    } else {
      await trx.updateTable('premium_payments').set({ amount_cents: amount, updated_at: at }).where('id', '=', p.id).execute();
      reduced++;
    }
    await appendLedger(trx, [
      {
        enrollment_id: enrollmentId,
        period: p.period,
        kind: 'adjustment',
        amount_cents: amount - p.amount_cents,
        payment_id: p.id,
        reason: 'plan_cancelled',
        idempotency_key: `${p.idempotency_key}:plan_cancelled:${planIds.join('-')}`,
      },
    ]);
  }
  return { voided, reduced };
}
