import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, LedgerEntriesTable, PremiumPaymentsTable } from '../../db/schema.ts';
import { appendLedger } from './ledger-append-repository.ts';

/** Adds ledger rows, chained a batch at a time (ledger-append-repository.ts, decision 2740). */
export { appendLedger, lockLedgerChain, STATEMENT_ROWS } from './ledger-append-repository.ts';

/** The SQL of premiums collected (issue 36). Every method takes the database or the caller's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
export type PremiumPayment = Selectable<PremiumPaymentsTable>;
export type LedgerEntry = Selectable<LedgerEntriesTable>;

/**
 * Runs `fn` in a transaction of its own, or in the caller's when `db` is one already (the billing day's job runs inside
 * its claiming transaction: on the embedded database, which has one connection, a second transaction would wait for
 * the first forever).
 */
export const inTransaction = <T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);

/** Payment methods the billing run collects one by one; list bills (list, elist, stmt) go through the group's invoice. */
export const COLLECTED_ONE_BY_ONE = ['cc', 'eft'] as const;

/** A completed enrollment the billing run collects: its schedule, amount and the last payment made for it. */
export interface BillableEnrollment {
  enrollment_id: string;
  payment_method: 'cc' | 'eft';
  recurring_cents: number;
  bill_day: number;
  first_charge_on: string;
  starts_on: string;
  recurring_from: string;
  /** The highest payment_index of its premium payments, or null before the first. */
  last_index: number | null;
}

/**
 * A policy the billing run does not charge (issue 38): its evidence of insurability is awaited or was declined, or the
 * member cancelled it (it ends at the end of the paid month). Its line's monthly amount is left out of the payment;
 * an enrollment whose every policy is held is not billed at all (its membership stops with its plans).
 */
const HELD_POLICY = sql<boolean>`(coalesce(p.eoi_status, 'none') in ('pending', 'more_information', 'declined') or p.ends_on is not null)`;
/** The monthly cents of the enrollment's lines whose policy is held. */
const heldCents = sql<number>`coalesce((select sum((l->>'monthly_cents')::int) from jsonb_array_elements(b.lines::jsonb) l
  join policies p on p.enrollment_id = b.enrollment_id and p.plan_id = (l->>'plan_id')::int where ${HELD_POLICY}), 0)`;

/**
 * One page of billable enrollments after `afterId` (keyset pagination by id: the run's memory does not grow), up to the
 * id `upTo` when given (a chunk of the due step, run-service.ts).
 */
export async function billableEnrollments(
  db: Db,
  afterId: string,
  limit: number,
  upTo: string | null = null,
): Promise<BillableEnrollment[]> {
  const rows = await db
    .selectFrom('billing_records as b')
    .innerJoin('enrollments as e', 'e.id', 'b.enrollment_id')
    .where('e.status', '=', 'completed')
    .where('b.payment_method', 'in', [...COLLECTED_ONE_BY_ONE])
    // Coverage ended when its grace period ran out unpaid (grace-service.ts): nothing more is due.
    .where('b.coverage_ended_on', 'is', null)
    .where('b.enrollment_id', '>', afterId)
    .$if(upTo !== null, (q) => q.where('b.enrollment_id', '<=', upTo!))
    // Not when every policy of the enrollment is held (HELD_POLICY); an enrollment without policies is billed as before.
    .where(
      sql<boolean>`(not exists (select 1 from policies p where p.enrollment_id = b.enrollment_id)
      or exists (select 1 from policies p where p.enrollment_id = b.enrollment_id and not ${HELD_POLICY}))`,
    )
    .orderBy('b.enrollment_id')
    .limit(limit)
    .select([
      'b.enrollment_id',
      'b.payment_method',
      sql<number>`b.recurring_cents - ${heldCents}`.as('recurring_cents'),
      'b.bill_day',
      'b.first_charge_on',
      'b.starts_on',
      'b.recurring_from',
      (eb) =>
        eb
          .selectFrom('premium_payments as p')
          .whereRef('p.enrollment_id', '=', 'b.enrollment_id')
          .select(sql<number | null>`max(p.payment_index)`.as('m'))
          .as('last_index'),
    ])
    .execute();
  return rows as BillableEnrollment[];
}

/**
 * Adds payments that are due, each with its ledger row of the premium charged for its period, in the caller's
 * transaction; one that exists for its (enrollment, period) or its idempotency key is left as it is, so a day run
 * twice, or by two processes at once, adds each payment once. Returns how many were added.
 */
export async function insertDuePayments(db: Db, rows: Insertable<PremiumPaymentsTable>[]): Promise<number> {
  if (rows.length === 0) return 0;
  // One parameter per page (the rows as one JSON document): the embedded database parses 7 per row otherwise.
  const json = JSON.stringify(rows);
  const added = (
    await sql<{ id: number; enrollment_id: string; period: string; amount_cents: number; idempotency_key: string }>`
      insert into premium_payments (enrollment_id, period, payment_index, due_on, amount_cents, method, idempotency_key)
      select v.enrollment_id, v.period, v.payment_index, v.due_on, v.amount_cents, v.method, v.idempotency_key
      from jsonb_to_recordset(${json}::jsonb) as v(enrollment_id text, period text, payment_index int, due_on date,
        amount_cents int, method text, idempotency_key text)
      order by v.enrollment_id, v.payment_index
      on conflict do nothing
      returning id, enrollment_id, period, amount_cents, idempotency_key`.execute(db)
  ).rows;
  await appendLedger(
    db,
    added.map((p) => ({
      enrollment_id: p.enrollment_id,
      period: p.period,
      kind: 'charge' as const,
      amount_cents: p.amount_cents,
      payment_id: p.id,
      reason: null,
      idempotency_key: `${p.idempotency_key}:charge`,
    })),
  );
  return added.length;
}

/**
 * Refreshes the planner's figures of the payments after the run added many (decision 2740): a table that was small at
 * its last analysis is read as small, and the claims sorted every waiting payment instead of reading the waiting index
 * in order (quadratic over a day of 100,000). PostgreSQL's autovacuum comes later; the embedded database has none.
 */
export async function analyzePayments(db: Db): Promise<void> {
  await sql`analyze premium_payments`.execute(db);
}

/** The payments of an enrollment, oldest first. */
export const paymentsOf = (db: Db, enrollmentId: string): Promise<PremiumPayment[]> =>
  db.selectFrom('premium_payments').selectAll().where('enrollment_id', '=', enrollmentId).orderBy('payment_index').execute();

/**
 * Claims up to `limit` card payments due on or before `day` that wait for a try, locking them (SKIP LOCKED: another
 * process running the same day takes the others), after the id `afterId` (the run's cursor: a claim reads its batch
 * from the waiting index and stops, never stepping again over the payments the run already tried, decision 2740).
 * Call inside the transaction that records their outcome.
 */
export const claimDueCardPayments = (trx: Db, day: string, limit: number, afterId = 0) => claimDue(trx, 'cc', day, limit, afterId);

/** What waits for a try, per method: a card is tried again after a decline or an unknown answer; a debit is sent once. */
const WAITING = { cc: ['pending', 'declined', 'unknown'], eft: ['pending'] } as const;

function claimDue(trx: Db, method: 'cc' | 'eft', day: string, limit: number, afterId = 0): Promise<PremiumPayment[]> {
  return trx
    .selectFrom('premium_payments')
    .selectAll()
    .where('method', '=', method)
    .where('id', '>', afterId)
    .where('status', 'in', [...WAITING[method]])
    .where(sql<boolean>`coalesce(next_try_on, due_on) <= ${day}::date`)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Records a try's outcome on its payment (the payment row is the try's state; the money is in the ledger). */
export async function updatePayment(
  db: Db,
  id: number,
  patch: Partial<
    Pick<
      PremiumPayment,
      'status' | 'method' | 'method_id' | 'attempts' | 'next_try_on' | 'provider_charge_id' | 'failure_code' | 'returned_at'
    >
  > & {
    updated_at: Date;
  },
): Promise<void> {
  await db.updateTable('premium_payments').set(patch).where('id', '=', id).execute();
}

/** The ledger of an enrollment, oldest first. */
export const ledgerOf = (db: Db, enrollmentId: string): Promise<LedgerEntry[]> =>
  db.selectFrom('ledger_entries').selectAll().where('enrollment_id', '=', enrollmentId).orderBy('id').execute();

/** What a payment is collected from: the member's card token, or a bank account (sealed numbers). */
export type PaymentSource =
  | { kind: 'card'; method_id: number; token: string; last4: string | null }
  | {
      kind: 'bank';
      method_id: number;
      account_number_enc: string;
      routing_number_enc: string;
      account_type: string | null;
      account_name: string | null;
      /** A return stopped this account's debits (R02, R03, R04, R07, R10, R29) until the payer gives a new one. */
      blocked: boolean;
    };

/**
 * The payment source of each enrollment: the member's saved method the enrollment was paid with, or the newest one the
 * member added after it (a change in the member home is used for the next try at once).
 */
export async function paymentSources(db: Db, enrollmentIds: readonly string[]): Promise<Map<string, PaymentSource>> {
  if (enrollmentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('enrollments as e')
    .innerJoin('billing_records as b', 'b.enrollment_id', 'e.id')
    .innerJoin('member_payment_methods as m', (j) =>
      j.onRef('m.user_id', '=', 'e.user_id').on(sql<boolean>`m.id >= coalesce(b.payment_method_id, 0)`),
    )
    .where('e.id', 'in', [...enrollmentIds])
    .distinctOn('e.id')
    .orderBy('e.id')
    .orderBy('m.id', 'desc')
    .select([
      'e.id as enrollment_id',
      'm.id',
      'm.kind',
      'm.card_token',
      'm.card_last4',
      'm.account_number_enc',
      'm.routing_number_enc',
      'm.account_type',
      'm.account_name',
      'm.blocked_at',
    ])
    .execute();
  const out = new Map<string, PaymentSource>();
  for (const r of rows) {
    if (r.kind === 'card' && r.card_token)
      out.set(r.enrollment_id, { kind: 'card', method_id: r.id, token: r.card_token, last4: r.card_last4 });
    else if (r.kind === 'bank' && r.account_number_enc && r.routing_number_enc)
      out.set(r.enrollment_id, {
        kind: 'bank',
        method_id: r.id,
        account_number_enc: r.account_number_enc,
        routing_number_enc: r.routing_number_enc,
        account_type: r.account_type,
        account_name: r.account_name,
        blocked: r.blocked_at !== null,
      });
  }
  return out;
}

/** The operator's ACH settings (one row). */
export const achSettings = (db: Db) => db.selectFrom('ach_settings').selectAll().executeTakeFirstOrThrow();

/** Bank payments due on or before `day` not yet debited, locked for this transaction (SKIP LOCKED). */
export const claimDueBankPayments = (trx: Db, day: string, limit: number) => claimDue(trx, 'eft', day, limit);

/** The debits of these trace sequences, locked (a returns file applied twice, or by two processes, applies once). */
export const debitsBySequence = (trx: Db, sequences: readonly number[]): Promise<PremiumPayment[]> =>
  sequences.length === 0
    ? Promise.resolve([])
    : trx
        .selectFrom('premium_payments')
        .selectAll()
        .where('ach_sequence', 'in', [...sequences])
        .forUpdate()
        .execute();

/** Stops every later debit of a member's bank account (a blocking return). */
export async function blockMethod(db: Db, methodId: number, reason: string, at: Date): Promise<void> {
  await db.updateTable('member_payment_methods').set({ blocked_at: at, blocked_reason: reason }).where('id', '=', methodId).execute();
}

export const achFile = (db: Db, id: number) => db.selectFrom('ach_files').selectAll().where('id', '=', id).executeTakeFirst();

/** Whether a job of this kind other than `exceptId` waits to run (the billing day's job: one pending at a time). */
export const pendingJobOf = (db: Db, kind: string, exceptId = 0) =>
  db
    .selectFrom('scheduled_jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where('id', '!=', exceptId)
    .executeTakeFirst();
