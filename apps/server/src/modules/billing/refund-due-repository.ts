import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, RefundsDueTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A refund left to the operator (decision 2871): once per key (a job run again adds nothing). */
export const insertRefundDue = (
  db: Db,
  r: Pick<RefundsDueTable, 'due_key' | 'enrollment_id' | 'policy_id' | 'payment_id' | 'part' | 'amount_cents' | 'why' | 'message'>,
) =>
  db
    .insertInto('refunds_due')
    .values(r)
    .onConflict((oc) => oc.column('due_key').doNothing())
    .execute();

export interface OpenRefundDue {
  id: number;
  enrollment_id: string;
  confirmation_number: string | null;
  member: string | null;
  plan_name: string | null;
  part: 'plan' | 'membership';
  amount_cents: number;
  why: 'refused' | 'no_answer' | 'bank_debit';
  message: string | null;
  created_at: Date | string;
}

/** The refunds not settled, oldest first, with the member and the plan. */
export async function openRefundsDue(db: Db, limit: number): Promise<{ count: number; cents: number; items: OpenRefundDue[] }> {
  const total = await db
    .selectFrom('refunds_due')
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(amount_cents), 0)`.as('cents')])
    .where('settled_at', 'is', null)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('refunds_due as d')
    .innerJoin('enrollments as e', 'e.id', 'd.enrollment_id')
    .leftJoin('members as m', 'm.user_id', 'e.user_id')
    .leftJoin('policies as q', 'q.policy_id', 'd.policy_id')
    .leftJoin('plans as pl', 'pl.plan_id', 'q.plan_id')
    .select([
      'd.id',
      'd.enrollment_id',
      'e.confirmation_number',
      sql<string | null>`nullif(trim(coalesce(m.first_name, '') || ' ' || coalesce(m.last_name, '')), '')`.as('member'),
      'pl.plan_name',
      'd.part',
      'd.amount_cents',
      'd.why',
      'd.message',
      'd.created_at',
    ])
    .where('d.settled_at', 'is', null)
    .orderBy('d.created_at')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return { count: Number(total.n), cents: Number(total.cents), items };
}

/** Marks one settled, once: undefined when it is not there or was settled already. */
export const settleRefundDueRow = (db: Db, id: number, by: { accountId: number | null; name: string; note: string }) =>
  db
    .updateTable('refunds_due')
    .set({ settled_at: new Date(), settled_by: by.accountId, settled_by_name: by.name, settled_note: by.note })
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .returning(['id', 'enrollment_id', 'policy_id', 'payment_id', 'part', 'amount_cents', 'why'])
    .executeTakeFirst();

export const refundDueExists = async (db: Db, id: number) =>
  !!(await db.selectFrom('refunds_due').select('id').where('id', '=', id).executeTakeFirst());

/**
 * The refunds of a payment that gave back something else than a merged month: a plan its carrier rejected (issue 39,
 * key `refund:<payment>:carrier-rejected-<policy>`). A merge's refund leaves them out of what was refunded already.
 */
export async function refundedForOtherCents(db: Db, paymentId: number): Promise<number> {
  const r = await db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
    .where('payment_id', '=', paymentId)
    .where('kind', '=', 'refund')
    .where('idempotency_key', 'like', `refund:${paymentId}:carrier-rejected-%`)
    .executeTakeFirstOrThrow();
  return Number(r.cents);
}
