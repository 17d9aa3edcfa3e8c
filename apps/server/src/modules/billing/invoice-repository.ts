import { sql, type Insertable } from 'kysely';
import type { InvoiceLineDraft, ListBillEnrollment } from '@store/domain/list-bill';
import type { InvoicePaymentsTable } from '../../db/schema.ts';
import { appendLedger, type Db } from './repository.ts';

/** The SQL of list bills (issue 39). Every method takes the database or the caller's transaction. */

/** Payment methods of an enrollment billed to its group's invoice. */
export const LIST_BILL_METHODS = ['list', 'elist', 'stmt'] as const;

/** Active groups with a completed enrollment paid by list bill, with their bill day and code. */
export const listBillGroups = (db: Db) =>
  db
    .selectFrom('groups as g')
    .select(['g.group_id', 'g.gname', 'g.gcode', 'g.bill_day'])
    .where('g.active', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('enrollments as e')
          .innerJoin('billing_records as b', 'b.enrollment_id', 'e.id')
          .whereRef('e.group_id', '=', 'g.group_id')
          .where('e.status', '=', 'completed')
          .where('b.payment_method', 'in', [...LIST_BILL_METHODS])
          .select(sql`1`.as('x')),
      ),
    )
    .orderBy('g.group_id')
    .execute();
export type ListBillGroup = Awaited<ReturnType<typeof listBillGroups>>[number];

/**
 * A policy not billed: evidence of insurability awaited or declined (as the billing run's HELD_POLICY, less cancels),
 * or closed before it began (an open enrollment's choice of a plan the member holds, merged into the earlier
 * enrollment, decisions 2720 and 2870: the earlier enrollment's line bills the month, never both).
 */
const NOT_BILLED = sql<boolean>`(coalesce(p.eoi_status, 'none') in ('pending', 'more_information', 'declined')
  or (p.ends_on is not null and p.effective_date is not null and p.ends_on < p.effective_date))`;

/**
 * The group's completed list-bill enrollments: who, the monthly cents (the billing record's chargeSummary amount less
 * plans held for evidence), when coverage starts and its last day (the grace end, or the day every plan was cancelled).
 */
export async function groupListBillEnrollments(db: Db, groupId: number): Promise<ListBillEnrollment[]> {
  const rows = await db
    .selectFrom('enrollments as e')
    .innerJoin('billing_records as b', 'b.enrollment_id', 'e.id')
    .leftJoin('members as m', 'm.user_id', 'e.user_id')
    .where('e.group_id', '=', groupId)
    .where('e.status', '=', 'completed')
    .where('b.payment_method', 'in', [...LIST_BILL_METHODS])
    .orderBy('m.last_name')
    .orderBy('m.first_name')
    .orderBy('e.id')
    .select([
      'e.id as enrollment_id',
      sql<string>`trim(coalesce(m.first_name, '') || ' ' || coalesce(m.last_name, '')) || coalesce(' (' || e.confirmation_number || ')', '')`.as(
        'label',
      ),
      sql<number>`b.recurring_cents - coalesce((select sum((l->>'monthly_cents')::int) from jsonb_array_elements(b.lines::jsonb) l
        join policies p on p.enrollment_id = b.enrollment_id and p.plan_id = (l->>'plan_id')::int where ${NOT_BILLED}), 0)`.as(
        'monthly_cents',
      ),
      sql<string>`to_char(b.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
      sql<string | null>`to_char(coalesce(b.coverage_ended_on,
        (select max(p.ends_on) from policies p where p.enrollment_id = e.id
          having count(*) > 0 and count(*) = count(p.ends_on))), 'YYYY-MM-DD')`.as('ends_on'),
    ])
    .execute();
  return rows.map((r) => ({ ...r, monthly_cents: Number(r.monthly_cents) }));
}

/** What the group's invoices billed so far, per `enrollment:month`, and the month of its first invoice. */
export async function billedSoFar(db: Db, groupId: number): Promise<{ billed: Map<string, number>; firstPeriod: string | null }> {
  const rows = await db
    .selectFrom('invoice_lines as l')
    .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
    .where('i.group_id', '=', groupId)
    .groupBy(['l.enrollment_id', 'l.covers_period'])
    .select(['l.enrollment_id', 'l.covers_period', sql<number>`sum(l.amount_cents)::int`.as('cents')])
    .execute();
  const first = await db
    .selectFrom('invoices')
    .where('group_id', '=', groupId)
    .select(sql<string | null>`min(period)`.as('p'))
    .executeTakeFirst();
  return { billed: new Map(rows.map((r) => [`${r.enrollment_id}:${r.covers_period}`, Number(r.cents)])), firstPeriod: first?.p ?? null };
}

/** The group's balance: everything its invoices billed less every payment recorded (negative: a credit). */
export async function groupBalance(db: Db, groupId: number): Promise<number> {
  const r = await sql<{ balance: number }>`select
      coalesce((select sum(lines_cents) from invoices where group_id = ${groupId}), 0)
      - coalesce((select sum(p.amount_cents) from invoice_payments p join invoices i on i.id = p.invoice_id where i.group_id = ${groupId}), 0)
      as balance`.execute(db);
  return Number(r.rows[0].balance);
}

/** Serializes the invoicing of a group (two processes running the same day: one invoice, its lines once). */
export const lockGroupInvoices = (db: Db, groupId: number) =>
  sql`select pg_advisory_xact_lock(hashtext('invoice'), ${groupId})`.execute(db);

export const invoiceOf = (db: Db, groupId: number, period: string) =>
  db.selectFrom('invoices').selectAll().where('group_id', '=', groupId).where('period', '=', period).executeTakeFirst();

/**
 * The invoice with its lines, and a ledger row per line (a charge for a month's premium, an adjustment for an
 * employee added or ended; enrollment and month of the line), in the caller's transaction. Null when the group has
 * an invoice for the month already.
 */
export async function insertInvoice(
  db: Db,
  inv: {
    /** The id taken before (nextRowId): a list bill's transaction that runs again makes the same invoice. */
    id?: number;
    group_id: number;
    period: string;
    issued_on: string;
    due_on: string;
    previous_balance_cents: number;
    number: (id: number) => string;
  },
  lines: InvoiceLineDraft[],
): Promise<{ id: number; number: string } | null> {
  const linesCents = lines.reduce((a, l) => a + l.amount_cents, 0);
  const row = await db
    .insertInto('invoices')
    .values({
      ...(inv.id === undefined ? {} : { id: inv.id }),
      group_id: inv.group_id,
      period: inv.period,
      issued_on: inv.issued_on,
      due_on: inv.due_on,
      previous_balance_cents: inv.previous_balance_cents,
      lines_cents: linesCents,
      amount_due_cents: inv.previous_balance_cents + linesCents,
    })
    .onConflict((oc) => oc.columns(['group_id', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  const number = inv.number(row.id);
  if (lines.length === 0) return { id: row.id, number };
  const added = await db
    .insertInto('invoice_lines')
    .values(lines.map((l) => ({ invoice_id: row.id, ...l })))
    .returning(['id', 'enrollment_id', 'covers_period', 'kind', 'amount_cents'])
    .execute();
  await appendLedger(
    db,
    added
      .filter((l) => l.amount_cents !== 0)
      .map((l) => ({
        enrollment_id: l.enrollment_id,
        period: l.covers_period,
        kind: l.kind === 'premium' ? ('charge' as const) : ('adjustment' as const),
        amount_cents: l.amount_cents,
        payment_id: null,
        reason: `List bill ${number}${l.kind === 'premium' ? '' : `: ${l.kind} since the last invoice`}`,
        idempotency_key: `invoice:${row.id}:line:${l.id}`,
      })),
  );
  return { id: row.id, number };
}

export const setMailedTo = (db: Db, id: number, to: string) =>
  db.updateTable('invoices').set({ mailed_to: to }).where('id', '=', id).execute();

/** The group administrator's sign-in address (the first such account of the group), with the mail language if any. */
export const groupAdministrator = (db: Db, groupId: number) =>
  db.selectFrom('accounts').select(['email']).where('role', '=', 'group').where('group_id', '=', groupId).orderBy('id').executeTakeFirst();

// ---------- reading ----------

/** Invoices with their group, what was paid on each, and whether a newer invoice carries their balance. */
const invoiceQuery = (db: Db) =>
  db
    .selectFrom('invoices as i')
    .innerJoin('groups as g', 'g.group_id', 'i.group_id')
    .select([
      'i.id',
      'i.group_id',
      'g.gname',
      'g.gcode',
      'i.period',
      sql<string>`to_char(i.issued_on, 'YYYY-MM-DD')`.as('issued_on'),
      sql<string>`to_char(i.due_on, 'YYYY-MM-DD')`.as('due_on'),
      'i.previous_balance_cents',
      'i.lines_cents',
      'i.amount_due_cents',
      sql<number>`coalesce((select sum(p.amount_cents) from invoice_payments p where p.invoice_id = i.id), 0)::int`.as('paid_cents'),
      sql<boolean>`exists (select 1 from invoices n where n.group_id = i.group_id and n.period > i.period)`.as('carried'),
    ]);

/** The group's invoices, newest first (at most `limit`). */
export const groupInvoices = (db: Db, groupId: number, limit = 24) =>
  invoiceQuery(db).where('i.group_id', '=', groupId).orderBy('i.period', 'desc').limit(limit).execute();
export type InvoiceRow = Awaited<ReturnType<typeof groupInvoices>>[number];

/** Every group's invoices, newest first (at most `limit`). */
export const recentInvoices = (db: Db, limit: number) => invoiceQuery(db).orderBy('i.id', 'desc').limit(limit).execute();

export const invoiceById = (db: Db, id: number) => invoiceQuery(db).where('i.id', '=', id).executeTakeFirst();

export const linesOf = (db: Db, invoiceIds: number[]) =>
  invoiceIds.length
    ? db
        .selectFrom('invoice_lines')
        .select(['invoice_id', 'label', 'kind', 'covers_period', 'days', 'amount_cents'])
        .where('invoice_id', 'in', invoiceIds)
        .orderBy('invoice_id')
        .orderBy('label')
        .orderBy('covers_period')
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

export const paymentsOfInvoices = (db: Db, invoiceIds: number[]) =>
  invoiceIds.length
    ? db
        .selectFrom('invoice_payments')
        .select(['invoice_id', 'method', 'amount_cents', 'reference', sql<string>`to_char(received_on, 'YYYY-MM-DD')`.as('received_on')])
        .where('invoice_id', 'in', invoiceIds)
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

/** The invoice locked for a payment (FOR UPDATE: two payments recorded at once are added one after the other). */
export const lockInvoice = (db: Db, id: number) =>
  db.selectFrom('invoices').select(['id']).where('id', '=', id).forUpdate().executeTakeFirst();

/** A payment and its ledger row; the form's key makes a double submit record it once (null: recorded already). */
export async function insertInvoicePayment(db: Db, p: Insertable<InvoicePaymentsTable>, period: string, number: string): Promise<boolean> {
  const row = await db
    .insertInto('invoice_payments')
    .values(p)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await appendLedger(db, [
    {
      enrollment_id: null,
      period,
      kind: 'payment',
      amount_cents: p.amount_cents,
      payment_id: null,
      reason: `List bill ${number}: ${p.method === 'check' ? 'check' : 'ACH'} ${p.reference}`,
      idempotency_key: `invoice-payment:${row.id}`,
    },
  ]);
  return true;
}

/** The invoice's PDF for the mail, sealed (a private media row, as the receipt's). */
export const insertPdf = (db: Db, id: string, sealed: Buffer) =>
  db.insertInto('media').values({ id, content_type: 'application/pdf', data: sealed, private: true }).execute();

export const groupName = (db: Db, groupId: number) =>
  db.selectFrom('groups').select(['gname']).where('group_id', '=', groupId).executeTakeFirst();

export const invoicePaymentByKey = (db: Db, key: string) =>
  db.selectFrom('invoice_payments').select('id').where('idempotency_key', '=', key).executeTakeFirst();

/** The operator who recorded a payment, in the audit log. */
export const auditPayment = (db: Db, accountId: number, invoiceId: number, detail: Record<string, unknown>) =>
  db
    .insertInto('audit_log')
    .values({ account_id: accountId, action: 'invoice.payment', target: `invoice:${invoiceId}`, detail: JSON.stringify(detail) })
    .execute();
