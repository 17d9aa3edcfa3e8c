import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * SQL of the carrier's confirmation of a plan (issue 39, decision 2630). A plan here is a policy with a carrier's plan
 * that is not the association membership (a store fee no carrier confirms).
 */
const NOT_MEMBERSHIP = sql<boolean>`coalesce(pl.rules->>'membership', 'false') <> 'true'`;

const policyBase = (db: Db) =>
  db
    .selectFrom('policies as p')
    .innerJoin('plans as pl', 'pl.plan_id', 'p.plan_id')
    .innerJoin('carriers as c', 'c.id', 'pl.carrier_id')
    .where(NOT_MEMBERSHIP)
    .select([
      'p.policy_id',
      'p.plan_id',
      'p.user_id',
      'p.enrollment_id',
      'p.status',
      'p.carrier_status',
      'p.carrier_policy_number',
      'p.carrier_status_at',
      'p.carrier_status_source',
      'p.carrier_rejection_reason',
      'p.rejection_settlement',
      'p.unconfirmed_told_at',
      'pl.plan_name',
      'c.id as carrier_id',
      'c.name as carrier',
      'c.confirmation_window_days',
      sql<
        Date | string | null
      >`(select min(l.created_at) from ledger_entries l where l.enrollment_id = p.enrollment_id and l.kind = 'payment')`.as('paid_since'),
    ]);
export type PolicyRow = Awaited<ReturnType<ReturnType<typeof policyBase>['execute']>>[number];

export const policiesOfEnrollment = (db: Db, enrollmentId: string) =>
  policyBase(db).where('p.enrollment_id', '=', enrollmentId).orderBy('p.policy_id').execute();

export const policiesOfUser = (db: Db, userId: number) => policyBase(db).where('p.user_id', '=', userId).orderBy('p.policy_id').execute();

export const policyById = (db: Db, policyId: number) => policyBase(db).where('p.policy_id', '=', policyId).executeTakeFirst();

/** One plan locked for the operator's record. */
export const lockPolicy = async (trx: Transaction<Database>, policyId: number) => {
  const locked = await trx.selectFrom('policies').select('policy_id').where('policy_id', '=', policyId).forUpdate().executeTakeFirst();
  return locked ? policyBase(trx).where('p.policy_id', '=', policyId).executeTakeFirst() : undefined;
};

/**
 * Plans in force the carrier has neither confirmed nor rejected whose enrollment's first premium was collected before
 * the carrier's window ended (`now` less its days), oldest first; of one rep's members when `agentId` is given.
 */
export const unconfirmedPastWindow = (db: Db, now: Date, agentId?: number) => {
  let q = db
    .selectFrom('policies as p')
    .innerJoin('plans as pl', 'pl.plan_id', 'p.plan_id')
    .innerJoin('carriers as c', 'c.id', 'pl.carrier_id')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('ledger_entries')
          .select(['enrollment_id', sql<Date | string>`min(created_at)`.as('paid_since')])
          .where('kind', '=', 'payment')
          .groupBy('enrollment_id')
          .as('f'),
      (j) => j.onRef('f.enrollment_id', '=', 'p.enrollment_id'),
    )
    .leftJoin('members as m', 'm.user_id', 'p.user_id')
    .where(NOT_MEMBERSHIP)
    .where('p.status', '=', 'ACTIVE')
    .where('p.carrier_status', 'is', null)
    .where(sql<boolean>`f.paid_since < ${now}::timestamptz - make_interval(days => c.confirmation_window_days)`)
    .select([
      'p.policy_id',
      'p.plan_id',
      'p.enrollment_id',
      'p.user_id',
      'p.unconfirmed_told_at',
      'pl.plan_name',
      'c.name as carrier',
      'f.paid_since',
      'm.first_name',
      'm.last_name',
      'm.agent_id',
    ])
    .orderBy('f.paid_since')
    .orderBy('p.policy_id');
  if (agentId !== undefined) q = q.where('m.agent_id', '=', agentId);
  return q.execute();
};

/** The collected money of these enrollments (payments, and returns and refunds with their payment's amount). */
export const collectedRows = (db: Db, enrollmentIds: readonly string[]) =>
  enrollmentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ledger_entries as l')
        .leftJoin('premium_payments as pp', 'pp.id', 'l.payment_id')
        .select([
          'l.enrollment_id',
          'l.kind',
          'l.amount_cents',
          'l.payment_id',
          'l.period',
          'pp.amount_cents as payment_cents',
          'pp.method',
        ])
        .where('l.enrollment_id', 'in', enrollmentIds)
        .where('l.kind', 'in', ['payment', 'return', 'refund'])
        .orderBy('l.id')
        .execute();

export const billingLinesOf = (db: Db, enrollmentIds: readonly string[]) =>
  enrollmentIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('billing_records').select(['enrollment_id', 'lines']).where('enrollment_id', 'in', enrollmentIds).execute();

export const setOperatorStatus = (
  db: Db,
  policyId: number,
  v: { status: 'confirmed' | 'rejected'; policyNumber: string | null; reason: string | null; at: Date },
) =>
  db
    .updateTable('policies')
    .set({
      carrier_status: v.status,
      carrier_policy_number: v.policyNumber,
      carrier_rejection_reason: v.reason,
      carrier_status_at: v.at,
      carrier_status_source: 'operator',
    })
    .where('policy_id', '=', policyId)
    .execute();

export const setSettlement = (db: Db, policyId: number, settlement: 'refunded' | 'held', at: Date) =>
  db
    .updateTable('policies')
    .set({ rejection_settlement: settlement, rejection_settled_at: at })
    .where('policy_id', '=', policyId)
    .execute();

/** Marks the rep told, once: true for the one caller that set it. */
export const markTold = async (db: Db, policyId: number, at: Date) =>
  (
    await db
      .updateTable('policies')
      .set({ unconfirmed_told_at: at })
      .where('policy_id', '=', policyId)
      .where('unconfirmed_told_at', 'is', null)
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

export const repOf = (db: Db, agentId: number) =>
  db.selectFrom('agents').select(['agent_id', 'first_name', 'last_name', 'email']).where('agent_id', '=', agentId).executeTakeFirst();

/** A ledger row that holds premium (never updated; its idempotency key is the database's). */
export const insertHoldRow = (
  db: Db,
  row: { enrollment_id: string; period: string; payment_id: number; reason: string; idempotency_key: string },
) =>
  db
    .insertInto('ledger_entries')
    .values({ ...row, kind: 'adjustment', amount_cents: 0 })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();

export async function audit(db: Db, accountId: number | null, action: string, target: string, detail: Record<string, unknown>) {
  await db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
}
