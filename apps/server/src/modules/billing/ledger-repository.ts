import { sql, type SqlBool, type Transaction } from 'kysely';
import type { TLedgerKind, TLedgerMethod, TLedgerQuery, TPaymentStatus } from '@store/domain/ledger';
import type { Database } from '../../db/schema.ts';
import type { Db } from './repository.ts';

/** The SQL of the ledger's readers (issue 36): the member's Payments, the rep's standing, the console's ledger and files. */

/** A row's method: the payment's (cc, eft), else the enrollment's billing record's; anything else is a list bill. */
const METHOD = sql<TLedgerMethod>`case
  when coalesce(p.method, b.payment_method) = 'cc' then 'card'
  when coalesce(p.method, b.payment_method) = 'eft' then 'eft'
  else 'list_bill' end`;

// ---------- the member and the rep ----------

/** The member's completed enrollments with a billing record (the schedule and what is paid by whom). */
export const memberBilledEnrollments = (db: Db, userId: number) =>
  db
    .selectFrom('enrollments as e')
    .innerJoin('billing_records as b', 'b.enrollment_id', 'e.id')
    .where('e.user_id', '=', userId)
    .where('e.status', '=', 'completed')
    .orderBy('e.completed_at', 'desc')
    .orderBy('e.id')
    .select([
      'e.id',
      'e.confirmation_number',
      'b.payment_method',
      'b.payment_label',
      'b.recurring_cents',
      'b.bill_day',
      'b.first_charge_on',
      'b.starts_on',
      'b.recurring_from',
    ])
    .limit(50)
    .execute();

/** The payments of these enrollments, oldest first. */
export const paymentsOfEnrollments = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('premium_payments')
        .select([
          'id',
          'enrollment_id',
          'period',
          'payment_index',
          'due_on',
          'amount_cents',
          'status',
          'attempts',
          'next_try_on',
          'failure_code',
          'provider_charge_id',
        ])
        .where('enrollment_id', 'in', [...ids])
        .orderBy('enrollment_id')
        .orderBy('payment_index')
        .execute();

/** The money that moved for these enrollments (payments, refunds, returns), oldest first. */
export const moneyRowsOf = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ledger_entries')
        .select(['enrollment_id', 'period', 'kind', 'amount_cents', 'reason', 'created_at'])
        .where('enrollment_id', 'in', [...ids])
        .where('kind', 'in', ['payment', 'refund', 'return'])
        .orderBy('id')
        .execute();

/**
 * The completed, billed enrollments the rep wrote (enrollments.agent_id, as the rep home's members, renewals and
 * commissions read them): those the rep's account keyed in and those the client made through the rep's page alike.
 * Only those the member pays (card or bank): a list-billed member's premium is their group's invoice, whose standing
 * the group home and the console show (nothing of it is in the member's own payments).
 */
const repClientsBase = (db: Db, agentId: number) =>
  db
    .selectFrom('enrollments as e')
    .innerJoin('billing_records as b', 'b.enrollment_id', 'e.id')
    .where('e.agent_id', '=', agentId)
    .where('b.payment_method', 'in', ['cc', 'eft'])
    .where('e.status', '=', 'completed');

/** One page of the rep's clients (their completed enrollments, newest first) and how many there are. */
export async function repClients(db: Db, agentId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    repClientsBase(db, agentId)
      .leftJoin('members as m', 'm.user_id', 'e.user_id')
      .select([
        'e.id',
        'e.confirmation_number',
        'b.payment_method',
        sql<string>`coalesce(m.first_name || ' ' || m.last_name,
          concat_ws(' ', e.tabs->'primary_info'->>'first_name', e.tabs->'primary_info'->>'last_name'))`.as('name'),
      ])
      .orderBy('e.completed_at', 'desc')
      .orderBy('e.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    repClientsBase(db, agentId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

// ---------- the console's ledger ----------

function ledgerBase(db: Db, q: TLedgerQuery) {
  let base = db
    .selectFrom('ledger_entries as l')
    .leftJoin('premium_payments as p', 'p.id', 'l.payment_id')
    .leftJoin('enrollments as e', 'e.id', 'l.enrollment_id')
    .leftJoin('billing_records as b', 'b.enrollment_id', 'l.enrollment_id');
  if (q.confirmation) base = base.where(sql<string>`lower(e.confirmation_number)`, '=', q.confirmation.toLowerCase());
  if (q.member) {
    const m = q.member.trim();
    base = /^\d{1,9}$/.test(m)
      ? base.where('e.user_id', '=', Number(m))
      : base.where('e.user_id', 'in', (eb) =>
          eb
            .selectFrom('members')
            .select('members.user_id')
            .where(sql<string>`lower(members.email)`, '=', m.toLowerCase()),
        );
  }
  // The US Eastern day (decisions.md), as bounds on created_at (its index answers).
  if (q.date)
    base = base
      .where(sql<SqlBool>`l.created_at >= (${q.date}::date)::timestamp at time zone 'America/New_York'`)
      .where(sql<SqlBool>`l.created_at < (${q.date}::date + 1)::timestamp at time zone 'America/New_York'`);
  return base;
}

export interface LedgerDbRow {
  id: number;
  created_at: Date;
  kind: TLedgerKind;
  amount_cents: number;
  period: string;
  status: TPaymentStatus | null;
  reason: string | null;
  method: TLedgerMethod;
  payment_id: number | null;
  enrollment_id: string | null;
  confirmation_number: string | null;
  member: string | null;
}

/** Rows of the ledger after row `afterId` in their order (keyset: the CSV walks every row a batch at a time). */
export async function ledgerRows(db: Db, q: TLedgerQuery, limit: number, afterId = 0): Promise<LedgerDbRow[]> {
  const rows = await ledgerBase(db, q)
    .leftJoin('members as m', 'm.user_id', 'e.user_id')
    .where('l.id', '>', afterId)
    .orderBy('l.id')
    .limit(limit)
    .select([
      'l.id',
      'l.created_at',
      'l.kind',
      'l.amount_cents',
      'l.period',
      'p.status',
      'l.reason',
      METHOD.as('method'),
      'l.payment_id',
      'l.enrollment_id',
      'e.confirmation_number',
      sql<string | null>`m.first_name || ' ' || m.last_name`.as('member'),
    ])
    .execute();
  return rows as LedgerDbRow[];
}

/** The sums of every row of the query, per method and kind (the database's, over all the rows). */
export async function ledgerSums(db: Db, q: TLedgerQuery) {
  const rows = await ledgerBase(db, q)
    .select([METHOD.as('method'), 'l.kind', sql<string>`coalesce(sum(l.amount_cents), 0)`.as('cents')])
    .groupBy([sql`1`, 'l.kind'])
    .execute();
  return rows.map((r) => ({ method: r.method, kind: r.kind, cents: Number(r.cents) }));
}

// ---------- refunds ----------

/** A payment locked for its refund, with what moved for it so far. */
export async function paymentForRefund(trx: Transaction<Database>, paymentId: number) {
  const p = await trx.selectFrom('premium_payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirst();
  if (!p) return undefined;
  const sums = await trx
    .selectFrom('ledger_entries')
    .select(['kind', sql<string>`sum(amount_cents)`.as('cents')])
    .where('payment_id', '=', paymentId)
    .groupBy('kind')
    .execute();
  const of = (k: TLedgerKind) => Number(sums.find((s) => s.kind === k)?.cents ?? 0);
  return { payment: p, paid: of('payment') - of('return'), refunded: of('refund') };
}

/** The enrollment's first payment (payment 0, taken at checkout), when it has one. */
export const firstPaymentOf = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('premium_payments')
    .select('id')
    .where('enrollment_id', '=', enrollmentId)
    .where('payment_index', '=', 0)
    .executeTakeFirst();

export const ledgerRowByKey = (db: Db, key: string) =>
  db.selectFrom('ledger_entries').select(['id', 'amount_cents', 'payment_id']).where('idempotency_key', '=', key).executeTakeFirst();

export async function insertLedgerRow(
  db: Db,
  row: {
    enrollment_id: string;
    period: string;
    kind: TLedgerKind;
    amount_cents: number;
    payment_id: number;
    reason: string;
    idempotency_key: string;
  },
): Promise<number> {
  return (await db.insertInto('ledger_entries').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** An operator's action in the console's audit log (who, what, on what), in the caller's transaction. */
export async function auditRow(db: Db, accountId: number | null, action: string, target: string, detail: Record<string, unknown>) {
  await db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
}

// ---------- NACHA files ----------

export const achFileList = (db: Db, limit: number) =>
  db
    .selectFrom('ach_files')
    .select([
      'id',
      'file_name',
      'created_on',
      'effective_on',
      'entry_count',
      'total_cents',
      'keep_until',
      'purged_at',
      'delivered_at',
      'delivery_attempts',
      'delivery_error',
    ])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const achFileTotals = (db: Db) =>
  db
    .selectFrom('ach_files')
    .select([
      (eb) => eb.fn.countAll<string>().as('files'),
      sql<string>`coalesce(sum(entry_count), 0)`.as('entries'),
      sql<string>`coalesce(sum(total_cents), 0)`.as('cents'),
    ])
    .executeTakeFirstOrThrow();

export const achRetentionDays = async (db: Db) =>
  (await db.selectFrom('ach_settings').select('retention_days').executeTakeFirstOrThrow()).retention_days;

/** Sets the retention, and moves every kept file's deletion day to its creation day plus the new retention. */
export async function setAchRetention(db: Db, days: number): Promise<void> {
  await db.updateTable('ach_settings').set({ retention_days: days, updated_at: new Date() }).execute();
  await sql`update ach_files set keep_until = created_on + ${days}::int where purged_at is null`.execute(db);
}

/** Files whose retention ended on or before `day`, not yet deleted, locked (SKIP LOCKED: two processes purge each once). */
export const achFilesToPurge = (trx: Transaction<Database>, day: string, limit: number) =>
  trx
    .selectFrom('ach_files')
    .select(['id', 'file_name'])
    .where('purged_at', 'is', null)
    .where('keep_until', '<=', day)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();

export async function markAchFilePurged(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('ach_files').set({ content_enc: null, purged_at: at }).where('id', '=', id).execute();
}
