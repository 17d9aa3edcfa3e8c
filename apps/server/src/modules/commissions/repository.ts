import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { BillingLine, CommissionEntriesTable, Database } from '../../db/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** The enrollment's writing rep: its own rep, else its group's. */
export const WRITER = sql<number>`coalesce(e.agent_id, g.agent_id)`;

export const chargebackMonths = async (db: Db) =>
  (await db.selectFrom('commission_settings').select('chargeback_months').where('id', '=', 1).executeTakeFirst())?.chargeback_months ?? 6;

export const setChargebackMonths = (db: Db, months: number) =>
  db
    .insertInto('commission_settings')
    .values({ id: 1, chargeback_months: months, updated_at: new Date() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ chargeback_months: months, updated_at: new Date() }))
    .execute();

/** Reps with business or a downline, without a statement of this month yet, in id order. */
export const repsWithoutStatement = (db: Db, month: string) =>
  db
    .selectFrom('agents as a')
    .select(['a.agent_id', 'a.override_bp'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('commission_statements as s').select('s.id').whereRef('s.agent_id', '=', 'a.agent_id').where('s.month', '=', month),
        ),
      ),
    )
    .orderBy('a.agent_id')
    .execute();

export const overrideOf = async (db: Db, agentId: number) =>
  (await db.selectFrom('agents').select('override_bp').where('agent_id', '=', agentId).executeTakeFirst())?.override_bp ?? null;

/**
 * The collected money (payments, refunds, returns) of the enrollments this rep wrote or their downline wrote, made
 * before `cutoff`, not yet on the rep's statements; a refund or return with its payment's ledger row and amount.
 */
export const moneyNotOnStatements = (db: Db, agentId: number, cutoff: Date) =>
  db
    .selectFrom('ledger_entries as l')
    .innerJoin('enrollments as e', 'e.id', 'l.enrollment_id')
    .leftJoin('groups as g', 'g.group_id', 'e.group_id')
    .leftJoin('agents as w', (j) => j.on(sql<boolean>`w.agent_id = ${WRITER}`))
    .select(['l.id as ledger_entry_id', 'l.enrollment_id', 'l.period', 'l.kind', 'l.amount_cents'])
    .select(
      sql<number | null>`(select p.id from ledger_entries p where p.payment_id = l.payment_id and p.kind = 'payment'
        and p.id < l.id order by p.id desc limit 1)`.as('payment_entry_id'),
    )
    .select(
      sql<number | null>`(select p.amount_cents from ledger_entries p where p.payment_id = l.payment_id and p.kind = 'payment'
        and p.id < l.id order by p.id desc limit 1)`.as('payment_cents'),
    )
    .where('l.kind', 'in', ['payment', 'refund', 'return'])
    .where('l.created_at', '<', cutoff)
    .where((eb) => eb.or([eb(WRITER, '=', agentId), eb('w.upline_agent_id', '=', agentId)]))
    .where(sql<boolean>`not exists (select 1 from commission_entries c where c.agent_id = ${agentId} and c.ledger_entry_id = l.id)`)
    .orderBy('l.id')
    .execute() as Promise<
    {
      ledger_entry_id: number;
      enrollment_id: string;
      period: string;
      kind: 'payment' | 'refund' | 'return';
      amount_cents: number;
      payment_entry_id: number | null;
      payment_cents: number | null;
    }[]
  >;

/**
 * Enrollments on which this rep earned and whose coverage (a plan, or all of it) ended or is set to end (the domain
 * takes back only what is not taken back yet).
 */
export const endedWithCommission = async (db: Db, agentId: number) =>
  (
    await db
      .selectFrom('commission_entries as c')
      .select('c.enrollment_id')
      .distinct()
      .where('c.agent_id', '=', agentId)
      .where(
        sql<boolean>`(exists (select 1 from policies po where po.enrollment_id = c.enrollment_id and po.ends_on is not null)
          or exists (select 1 from billing_records b where b.enrollment_id = c.enrollment_id and b.coverage_ended_on is not null))`,
      )
      .execute()
  ).map((r) => r.enrollment_id);

/** These enrollments with their writing rep and billing record (the plans are the record's lines). */
export const businessOf = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : (db
        .selectFrom('enrollments as e')
        .innerJoin('billing_records as b', 'b.enrollment_id', 'e.id')
        .leftJoin('groups as g', 'g.group_id', 'e.group_id')
        .select(['e.id as enrollment_id', WRITER.as('writing_agent_id'), 'b.starts_on', 'b.coverage_ended_on', 'b.lines'])
        .where('e.id', 'in', [...ids])
        .orderBy('e.id')
        .execute() as Promise<
        {
          enrollment_id: string;
          writing_agent_id: number | null;
          starts_on: string;
          coverage_ended_on: string | null;
          lines: BillingLine[] | string;
        }[]
      >);

/** Each plan's carrier and whether it is the association membership. */
export const plansInfo = (db: Db, planIds: readonly number[]) =>
  planIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('plans')
        .select(['plan_id', 'carrier_id', sql<boolean>`coalesce(rules->>'membership', 'false') = 'true'`.as('membership')])
        .where('plan_id', 'in', [...planIds])
        .execute();

/**
 * These enrollments' policies: the day a plan ends (cancelled), where set, and whether it is held for evidence of
 * insurability (pending, more information asked, declined: not billed, so never commissioned).
 */
export const policyEnds = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('policies as p')
        .select(['p.enrollment_id', 'p.plan_id', 'p.ends_on'])
        .select(sql<boolean>`coalesce(p.eoi_status, 'none') in ('pending', 'more_information', 'declined')`.as('held'))
        .where('p.enrollment_id', 'in', [...ids])
        .execute();

export const schedules = (db: Db) =>
  db
    .selectFrom('commission_schedules as s')
    .innerJoin('carriers as c', 'c.id', 's.carrier_id')
    .leftJoin('plans as p', 'p.plan_id', 's.plan_id')
    .select([
      's.id',
      's.carrier_id',
      'c.name as carrier_name',
      's.plan_id',
      'p.plan_name',
      's.first_year_bp',
      's.renewal_bp',
      's.flat_cents',
    ])
    .orderBy('c.name')
    .orderBy(sql`s.plan_id nulls first`)
    .execute();

/** The rep's rows on these enrollments (on statements already). */
export const entriesOf = (db: Db, agentId: number, enrollmentIds: readonly string[]) =>
  enrollmentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('commission_entries')
        .select([
          'idempotency_key as key',
          'kind',
          'enrollment_id',
          'plan_id',
          'ledger_entry_id',
          'writing_agent_id',
          'period',
          'basis_cents',
          'rate_bp',
          'amount_cents',
          'reverses_key',
        ])
        .where('agent_id', '=', agentId)
        .where('enrollment_id', 'in', [...enrollmentIds])
        .orderBy('id')
        .execute();

/** The month's statement, or nothing when another process made it first (the unique key). */
export const insertStatement = (
  db: Db,
  row: { agent_id: number; month: string; issued_on: string; total_cents: number; row_count: number },
) =>
  db
    .insertInto('commission_statements')
    .values(row)
    .onConflict((oc) => oc.columns(['agent_id', 'month']).doNothing())
    .returning('id')
    .executeTakeFirst();

export const insertEntries = (db: Db, rows: Insertable<CommissionEntriesTable>[]) =>
  rows.length === 0 ? Promise.resolve() : db.insertInto('commission_entries').values(rows).execute();

/* ---------- readers ---------- */

export const statementsOf = (db: Db, agentId: number) =>
  db
    .selectFrom('commission_statements')
    .select(['id', 'month', 'issued_on', 'total_cents', 'row_count'])
    .where('agent_id', '=', agentId)
    .orderBy('month', 'desc')
    .execute();

export const statementOf = (db: Db, agentId: number, id: number) =>
  db
    .selectFrom('commission_statements')
    .select(['id', 'month', 'issued_on', 'total_cents', 'row_count'])
    .where('agent_id', '=', agentId)
    .where('id', '=', id)
    .executeTakeFirst();

/** A statement's rows with the member, the plan and the writing rep named. */
export const statementLines = (db: Db, statementId: number) =>
  db
    .selectFrom('commission_entries as c')
    .innerJoin('enrollments as e', 'e.id', 'c.enrollment_id')
    .leftJoin('members as m', 'm.user_id', 'e.user_id')
    .leftJoin('plans as p', 'p.plan_id', 'c.plan_id')
    .leftJoin('agents as w', 'w.agent_id', 'c.writing_agent_id')
    .select(['c.kind', 'e.confirmation_number', 'c.period', 'c.basis_cents', 'c.rate_bp', 'c.amount_cents'])
    .select(sql<string>`coalesce(m.first_name || ' ' || m.last_name, '')`.as('member'))
    .select(sql<string>`coalesce(p.plan_name, '')`.as('plan_name'))
    .select(sql<string>`coalesce(w.first_name || ' ' || w.last_name, '')`.as('writing_rep'))
    .where('c.statement_id', '=', statementId)
    .orderBy('c.id')
    .execute();

/** Names for rows not yet on a statement (this month so far). */
export const namesFor = async (db: Db, enrollmentIds: readonly string[], planIds: readonly number[], agentIds: readonly number[]) => {
  const [members, plans, agents] = await Promise.all([
    enrollmentIds.length
      ? db
          .selectFrom('enrollments as e')
          .leftJoin('members as m', 'm.user_id', 'e.user_id')
          .select(['e.id', 'e.confirmation_number', sql<string>`coalesce(m.first_name || ' ' || m.last_name, '')`.as('member')])
          .where('e.id', 'in', [...enrollmentIds])
          .execute()
      : [],
    planIds.length
      ? db
          .selectFrom('plans')
          .select(['plan_id', 'plan_name'])
          .where('plan_id', 'in', [...planIds])
          .execute()
      : [],
    agentIds.length
      ? db
          .selectFrom('agents')
          .select(['agent_id', 'first_name', 'last_name'])
          .where('agent_id', 'in', [...agentIds])
          .execute()
      : [],
  ]);
  return { members, plans, agents };
};

/** The rep's name. */
export const agentName = (db: Db, agentId: number) =>
  db.selectFrom('agents').select(['first_name', 'last_name', 'agency', 'npn']).where('agent_id', '=', agentId).executeTakeFirst();

/* ---------- the console ---------- */

export const carriersWithPlans = async (db: Db) => {
  const carriers = await db.selectFrom('carriers').select(['id', 'name']).orderBy('name').execute();
  const plans = await db
    .selectFrom('plans')
    .select(['plan_id', 'plan_name', 'carrier_id'])
    .where('carrier_id', 'is not', null)
    .where(sql<boolean>`coalesce(rules->>'membership', 'false') <> 'true'`)
    .orderBy('plan_name')
    .execute();
  return carriers.map((c) => ({
    ...c,
    plans: plans.filter((p) => p.carrier_id === c.id).map(({ plan_id, plan_name }) => ({ plan_id, plan_name })),
  }));
};

export const planOfCarrier = (db: Db, carrierId: number, planId: number) =>
  db.selectFrom('plans').select('plan_id').where('plan_id', '=', planId).where('carrier_id', '=', carrierId).executeTakeFirst();
export const carrierExists = (db: Db, carrierId: number) =>
  db.selectFrom('carriers').select('id').where('id', '=', carrierId).executeTakeFirst();

export async function upsertSchedule(
  db: Db,
  row: { carrier_id: number; plan_id: number | null; first_year_bp: number; renewal_bp: number; flat_cents: number },
) {
  const found = await db
    .selectFrom('commission_schedules')
    .select('id')
    .where('carrier_id', '=', row.carrier_id)
    .where((eb) => (row.plan_id === null ? eb('plan_id', 'is', null) : eb('plan_id', '=', row.plan_id)))
    .executeTakeFirst();
  if (found)
    await db
      .updateTable('commission_schedules')
      .set({ first_year_bp: row.first_year_bp, renewal_bp: row.renewal_bp, flat_cents: row.flat_cents, updated_at: new Date() })
      .where('id', '=', found.id)
      .execute();
  else await db.insertInto('commission_schedules').values(row).execute();
}

export const hierarchyOf = (db: Db, agentId: number) =>
  db
    .selectFrom('agents')
    .select(['agent_id', 'agency', 'upline_agent_id', 'override_bp'])
    .where('agent_id', '=', agentId)
    .executeTakeFirst();

export const downlineOf = (db: Db, agentId: number) =>
  db
    .selectFrom('agents')
    .select(['agent_id', sql<string>`first_name || ' ' || last_name`.as('name')])
    .where('upline_agent_id', '=', agentId)
    .orderBy('agent_id')
    .execute();

export const allReps = (db: Db) =>
  db
    .selectFrom('agents')
    .select(['agent_id', sql<string>`first_name || ' ' || last_name`.as('name')])
    .orderBy('last_name')
    .orderBy('agent_id')
    .execute();

/** The chain of uplines above a rep (to refuse a loop), nearest first, at most 50. */
export async function uplinesAbove(db: Db, agentId: number): Promise<number[]> {
  const out: number[] = [];
  let at: number | null = agentId;
  while (at !== null && out.length < 50) {
    const row: { upline_agent_id: number | null } | undefined = await db
      .selectFrom('agents')
      .select('upline_agent_id')
      .where('agent_id', '=', at)
      .executeTakeFirst();
    at = row?.upline_agent_id ?? null;
    if (at !== null) {
      if (out.includes(at)) break;
      out.push(at);
    }
  }
  return out;
}

export const setHierarchy = (db: Db, agentId: number, v: { agency: string; upline_agent_id: number | null; override_bp: number }) =>
  db.updateTable('agents').set(v).where('agent_id', '=', agentId).execute();

export const audit = (db: Db, accountId: number | null, action: string, target: string, detail: Record<string, unknown>) =>
  db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
