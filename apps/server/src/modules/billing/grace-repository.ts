import { sql } from 'kysely';
import type { Db } from './repository.ts';

/** The SQL of the grace period (issue 36): its end without payment, and a payment brought current inside it. */

/** A payment that did not go through and is not tried again: its coverage is in grace until the grace period ends. */
const UNPAID = ['failed', 'returned', 'declined'] as const;

/**
 * Payments that failed inside their grace period whose payer has given a newer payment method since (the member home,
 * or the one-time link): tried again on `day` with it, at once ("a changed payment method is used for the next try at
 * once"). Returns how many.
 */
export async function reopenForNewMethod(db: Db, day: string, graceDays: number, at: Date): Promise<number> {
  const r = await sql<{ id: number }>`
    update premium_payments p set status = 'pending', next_try_on = ${day}::date, updated_at = ${at},
      method = case when m.kind = 'card' then 'cc' else 'eft' end
    from billing_records b, enrollments e, member_payment_methods m
    where b.enrollment_id = p.enrollment_id and e.id = p.enrollment_id and b.coverage_ended_on is null
      and p.status in ('declined', 'failed', 'returned') and p.due_on + ${graceDays}::int > ${day}::date
      and m.id = (select max(n.id) from member_payment_methods n where n.user_id = e.user_id and n.blocked_at is null)
      and m.id > coalesce(p.method_id, b.payment_method_id, 0)
    returning p.id`.execute(db);
  return r.rows.length;
}

/** An enrollment whose grace period ended on or before `day` without payment: its first unpaid payment. */
export interface GraceEnded {
  enrollment_id: string;
  payment_index: number;
  first_charge_on: string;
  starts_on: string;
  recurring_from: string;
  bill_day: number;
}

/**
 * Up to `limit` enrollments still covered whose oldest unpaid payment is past its grace period, locked (SKIP LOCKED:
 * another process takes the others). Call inside the transaction that ends their coverage.
 */
export async function claimGraceEnded(trx: Db, day: string, graceDays: number, limit: number): Promise<GraceEnded[]> {
  const r = await sql<GraceEnded>`
    select b.enrollment_id, u.payment_index, to_char(b.first_charge_on, 'YYYY-MM-DD') as first_charge_on,
      to_char(b.starts_on, 'YYYY-MM-DD') as starts_on, to_char(b.recurring_from, 'YYYY-MM-DD') as recurring_from, b.bill_day
    from billing_records b
    join lateral (
      select min(p.payment_index) as payment_index from premium_payments p
      where p.enrollment_id = b.enrollment_id and p.status in (${sql.join(UNPAID.map((s) => sql.lit(s)))})
        and p.due_on + ${graceDays}::int <= ${day}::date
    ) u on u.payment_index is not null
    where b.coverage_ended_on is null
    order by b.enrollment_id
    limit ${limit}
    for update of b skip locked`.execute(trx);
  return r.rows;
}

/**
 * Ends the coverage on `endsOn`: the billing record marked (the billing run collects it no more), its active policies
 * ended, its unpaid payments from `fromIndex` on voided. Returns the voided payments (their charges are reversed in the
 * ledger by the caller) and the policies ended.
 */
export async function endCoverage(trx: Db, enrollmentId: string, endsOn: string, fromIndex: number, at: Date) {
  await trx.updateTable('billing_records').set({ coverage_ended_on: endsOn }).where('enrollment_id', '=', enrollmentId).execute();
  const policies = await trx
    .updateTable('policies')
    .set({ status: 'INACTIVE' })
    .where('enrollment_id', '=', enrollmentId)
    .where('status', '=', 'ACTIVE')
    .returning('policy_id')
    .execute();
  const voided = await trx
    .updateTable('premium_payments')
    .set({ status: 'void', next_try_on: null, updated_at: at })
    .where('enrollment_id', '=', enrollmentId)
    .where('payment_index', '>=', fromIndex)
    .where('status', 'in', [...UNPAID, 'pending', 'unknown'])
    .returning(['id', 'period', 'amount_cents', 'idempotency_key'])
    .execute();
  return { policies: policies.length, voided };
}

/** Who is told of the end: the member (name, address, language), the rep, the operators. */
export async function endNoticeContacts(db: Db, enrollmentId: string) {
  const e = await db
    .selectFrom('enrollments as e')
    .leftJoin('members as m', 'm.user_id', 'e.user_id')
    .leftJoin('agents as a', 'a.agent_id', 'e.agent_id')
    .where('e.id', '=', enrollmentId)
    .select(['e.confirmation_number', 'e.mail_lang', 'm.first_name', 'm.last_name', 'm.email', 'a.email as agent_email'])
    .executeTakeFirstOrThrow();
  const operators = await db
    .selectFrom('accounts')
    .select('email')
    .where('role', '=', 'operator')
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  return { ...e, operators: operators.map((o) => o.email) };
}

export async function auditCoverageEnded(db: Db, enrollmentId: string, detail: Record<string, unknown>) {
  await db
    .insertInto('audit_log')
    .values({ account_id: null, action: 'billing.coverage_ended', target: enrollmentId, detail: JSON.stringify(detail) })
    .execute();
}
