import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, PolicyRenewalsTable } from '../../db/schema.ts';

/** The SQL of renewals and open enrollment (issue 38, decision 2560). */
export type Db = Kysely<Database> | Transaction<Database>;

const day = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;

export const planOf = (db: Db, planId: number) =>
  db
    .selectFrom('plans')
    .select(['plan_id', 'plan_name', day('discontinued_on').as('discontinued_on'), 'replacement_plan_id'])
    .where('plan_id', '=', planId)
    .executeTakeFirst();

export type GridRow = { tier: string; age_min: number; age_max: number; state: string | null; smoker: boolean | null; price_cents: number };

/** Replaces the plan's grid for the period starting `startsOn` (not yet applied) and forgets its prices of policies. */
export async function replacePeriodRates(trx: Db, planId: number, startsOn: string, rows: GridRow[]) {
  await trx.deleteFrom('plan_rate_periods').where('plan_id', '=', planId).where('starts_on', '=', startsOn).execute();
  await trx
    .deleteFrom('policy_renewals')
    .where('starts_on', '=', startsOn)
    .where((eb) => eb.or([eb('plan_id', '=', planId), eb('replacement_plan_id', '=', planId)]))
    .execute();
  if (rows.length)
    await trx
      .insertInto('plan_rate_periods')
      .values(rows.map((r) => ({ ...r, plan_id: planId, starts_on: startsOn })))
      .execute();
}

export const periodsOf = (db: Db, planId: number) =>
  db
    .selectFrom('plan_rate_periods as r')
    .where('r.plan_id', '=', planId)
    .groupBy('r.starts_on')
    .orderBy('r.starts_on')
    .select([
      day('r.starts_on').as('starts_on'),
      sql<number>`count(*)::int`.as('rows'),
      sql<boolean>`bool_or(r.applied_at is not null)`.as('applied'),
      sql<number>`(select count(*)::int from policy_renewals p where p.plan_id = ${planId} and p.starts_on = r.starts_on)`.as('priced'),
    ])
    .execute();

export const setDiscontinued = (db: Db, planId: number, on: string | null, replacement: number | null) =>
  db
    .updateTable('plans')
    .set({ discontinued_on: on, replacement_plan_id: replacement, updated_at: sql`now()` })
    .where('plan_id', '=', planId)
    .execute();

/** The grid of a plan in the period starting `startsOn`: the period's rows, or the grid in force when none was loaded. */
export async function gridOf(db: Db, planId: number, startsOn: string): Promise<GridRow[]> {
  const cols = ['tier', 'age_min', 'age_max', 'state', 'smoker', 'price_cents'] as const;
  const period = await db
    .selectFrom('plan_rate_periods')
    .select(cols)
    .where('plan_id', '=', planId)
    .where('starts_on', '=', startsOn)
    .execute();
  if (period.length) return period;
  return db.selectFrom('plan_rates').select(cols).where('plan_id', '=', planId).where('label', 'is distinct from', 'retired').execute();
}

export interface Unpriced {
  policy_id: number;
  enrollment_id: string | null;
  user_id: number;
  plan_id: number;
  starts_on: string;
  /** The cart's price; null for a policy made without the wizard (priced from the grid in force). */
  current_cents: number | null;
  tier: string;
  smoker: boolean | null;
  rate_state: string | null;
  member_state: string | null;
  dob: string;
  discontinued_on: string | null;
  replacement_plan_id: number | null;
}

/**
 * Policies in force (not cancelled, not held for evidence) whose plan has a next renewal date after `today` — the
 * start of its next loaded rate period, or the date it is discontinued — and no price for that date yet.
 */
export async function unpricedPolicies(db: Db, today: string, planId: number | null, limit = 500): Promise<Unpriced[]> {
  const r = await sql<Unpriced>`
    with next as (
      select plan_id, min(d) as starts_on from (
        select plan_id, starts_on as d from plan_rate_periods where starts_on > ${today}::date
        union all select plan_id, discontinued_on from plans where discontinued_on > ${today}::date
      ) x group by plan_id
    )
    select p.policy_id, p.enrollment_id, p.user_id, p.plan_id, to_char(n.starts_on, 'YYYY-MM-DD') as starts_on,
      c.price_cents as current_cents, coalesce(rt.tier, p.tier) as tier, rt.smoker, rt.state as rate_state,
      m.state as member_state, to_char(m.dob, 'YYYY-MM-DD') as dob,
      to_char(pl.discontinued_on, 'YYYY-MM-DD') as discontinued_on, pl.replacement_plan_id
    from policies p
    join next n on n.plan_id = p.plan_id
    join plans pl on pl.plan_id = p.plan_id
    left join enrollments e on e.id = p.enrollment_id
    left join cart_items c on c.enrollment_id = p.enrollment_id and c.plan_id = p.plan_id
    left join plan_rates rt on rt.plan_pricing_id = c.plan_pricing_id
    join members m on m.user_id = p.user_id
    where p.status = 'ACTIVE' and p.ends_on is null and (p.enrollment_id is null or e.status = 'completed')
      and coalesce(p.eoi_status, 'none') not in ('pending', 'more_information', 'declined')
      and (${planId}::int is null or p.plan_id = ${planId}::int or pl.replacement_plan_id = ${planId}::int)
      and not exists (select 1 from policy_renewals r where r.policy_id = p.policy_id and r.starts_on = n.starts_on)
    order by p.policy_id
    limit ${limit}`.execute(db);
  return r.rows;
}

export const insertRenewals = async (db: Db, rows: Insertable<PolicyRenewalsTable>[]) =>
  rows.length
    ? (
        await db
          .insertInto('policy_renewals')
          .values(rows)
          .onConflict((oc) => oc.doNothing())
          .execute()
      ).length
    : 0;

/** The member's priced renewals after `today` (the earliest date first), with the plans' names. */
export const memberRenewalRows = (db: Db, userId: number, today: string) =>
  db
    .selectFrom('policy_renewals as r')
    .innerJoin('policies as p', 'p.policy_id', 'r.policy_id')
    .innerJoin('plans as pl', 'pl.plan_id', 'r.plan_id')
    .leftJoin('plans as rp', 'rp.plan_id', 'r.replacement_plan_id')
    .where('r.user_id', '=', userId)
    .where('r.starts_on', '>', today)
    .where('p.status', '=', 'ACTIVE')
    .where('p.ends_on', 'is', null)
    .orderBy('r.starts_on')
    .orderBy('r.policy_id')
    .select([
      'r.policy_id',
      'r.plan_id',
      day('r.starts_on').as('starts_on'),
      'r.current_cents',
      'r.renewal_cents',
      'pl.plan_name',
      'rp.plan_name as replacement_plan_name',
      'r.enrollment_id',
    ])
    .execute();

/**
 * The monthly cents of the member's policies in force, for the total beside the renewal's: the cart's price, or for a
 * policy made without the wizard its renewal row's current price.
 */
export async function memberMonthlyCents(db: Db, userId: number): Promise<number> {
  const r = await sql<{ cents: number }>`
    select coalesce(sum(coalesce(c.price_cents,
      (select r.current_cents from policy_renewals r where r.policy_id = p.policy_id order by r.starts_on limit 1), 0)), 0)::int as cents
    from policies p
    left join cart_items c on c.enrollment_id = p.enrollment_id and c.plan_id = p.plan_id
    where p.user_id = ${userId} and p.status = 'ACTIVE' and p.ends_on is null
      and coalesce(p.eoi_status, 'none') not in ('pending', 'more_information', 'declined')`.execute(db);
  return Number(r.rows[0]?.cents ?? 0);
}

export interface RepRenewalRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  starts_on: string | null;
  current_cents: number | null;
  renewal_cents: number | null;
  discontinued: boolean | null;
  failing: boolean;
}

/** The rep's clients with a priced renewal after `today` or a payment that failed and is not settled. */
export async function repRenewalRows(db: Db, agentId: number, today: string): Promise<RepRenewalRow[]> {
  const r = await sql<RepRenewalRow>`
    select m.user_id, m.first_name, m.last_name, m.email, to_char(r.starts_on, 'YYYY-MM-DD') as starts_on,
      r.current_cents, r.renewal_cents, r.discontinued,
      exists (select 1 from premium_payments pp join enrollments e on e.id = pp.enrollment_id
        join billing_records b on b.enrollment_id = e.id and b.coverage_ended_on is null
        where e.user_id = m.user_id and pp.status in ('declined', 'failed', 'returned')) as failing
    from members m
    left join (
      select r.user_id, min(r.starts_on) as starts_on, sum(r.current_cents)::int as current_cents,
        sum(coalesce(r.renewal_cents, 0))::int as renewal_cents, bool_or(r.replacement_plan_id is not null or r.renewal_cents is null) as discontinued
      from policy_renewals r join policies p on p.policy_id = r.policy_id and p.status = 'ACTIVE' and p.ends_on is null
      where r.starts_on > ${today}::date group by r.user_id
    ) r on r.user_id = m.user_id
    where m.agent_id = ${agentId}
    order by m.last_name, m.first_name, m.user_id
    limit 2000`.execute(db);
  return r.rows;
}

/** Periods whose start date has come and whose prices are not yet in the grid in force. */
export const duePeriods = (db: Db, today: string) =>
  db
    .selectFrom('plan_rate_periods')
    .select(['plan_id', day('starts_on').as('starts_on')])
    .where('starts_on', '<=', today)
    .where('applied_at', 'is', null)
    .groupBy(['plan_id', 'starts_on'])
    .execute();

/**
 * Puts a period's prices into the grid in force: a row of the same tier, ages, state and tobacco answer gets the new
 * price (carts that point at it stay valid), a new row is added; the period is marked applied.
 */
export async function applyPeriod(trx: Db, planId: number, startsOn: string) {
  await sql`update plan_rates r set price_cents = p.price_cents from plan_rate_periods p
    where p.plan_id = ${planId} and p.starts_on = ${startsOn}::date and r.plan_id = p.plan_id and r.tier = p.tier
      and r.age_min = p.age_min and r.age_max = p.age_max and r.state is not distinct from p.state
      and r.smoker is not distinct from p.smoker and r.label is distinct from 'retired'`.execute(trx);
  await sql`insert into plan_rates (plan_id, tier, age_min, age_max, state, smoker, price_cents)
    select p.plan_id, p.tier, p.age_min, p.age_max, p.state, p.smoker, p.price_cents from plan_rate_periods p
    where p.plan_id = ${planId} and p.starts_on = ${startsOn}::date and not exists (select 1 from plan_rates r
      where r.plan_id = p.plan_id and r.tier = p.tier and r.age_min = p.age_min and r.age_max = p.age_max
        and r.state is not distinct from p.state and r.smoker is not distinct from p.smoker and r.label is distinct from 'retired')`.execute(
    trx,
  );
  await trx
    .updateTable('plan_rate_periods')
    .set({ applied_at: new Date() })
    .where('plan_id', '=', planId)
    .where('starts_on', '=', startsOn)
    .execute();
  await trx
    .updateTable('plans')
    .set({ updated_at: sql`now()` })
    .where('plan_id', '=', planId)
    .execute();
}

/** Members with a priced renewal in the notice window and no renewal mail for that date yet (one row per member). */
export const membersToNotify = (db: Db, today: string, until: string, limit = 200) =>
  db
    .selectFrom('policy_renewals as r')
    .innerJoin('members as m', 'm.user_id', 'r.user_id')
    .where('r.starts_on', '>', today)
    .where('r.starts_on', '<=', until)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('renewal_notices as n')
            .select('n.user_id')
            .whereRef('n.user_id', '=', 'r.user_id')
            .whereRef('n.starts_on', '=', 'r.starts_on'),
        ),
      ),
    )
    .groupBy(['r.user_id', 'r.starts_on', 'm.email', 'm.first_name', 'm.last_name'])
    .orderBy('r.user_id')
    .limit(limit)
    .select([
      'r.user_id',
      day('r.starts_on').as('starts_on'),
      'm.email',
      'm.first_name',
      'm.last_name',
      sql<string>`min(r.enrollment_id)`.as('enrollment_id'),
    ])
    .execute();

/** Records the member's renewal mail for the date; false when one was recorded already (the unique key). */
export const recordNotice = async (db: Db, userId: number, startsOn: string) =>
  (
    await db
      .insertInto('renewal_notices')
      .values({ user_id: userId, starts_on: startsOn })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst()
  ).numInsertedOrUpdatedRows === 1n;

export const mailLangOf = (db: Db, enrollmentId: string | null) =>
  db
    .selectFrom('enrollments')
    .select('mail_lang')
    .where('id', '=', enrollmentId ?? '')
    .executeTakeFirst();

export const openEnrollmentOf = (db: Db, groupId: number) =>
  db.selectFrom('groups').select('open_enrollment').where('group_id', '=', groupId).executeTakeFirst();

export const setOpenEnrollment = (db: Db, groupId: number, mode: 'active' | 'passive') =>
  db.updateTable('groups').set({ open_enrollment: mode }).where('group_id', '=', groupId).returning('open_enrollment').executeTakeFirst();

export const writeAudit = (db: Db, accountId: number | null, action: string, target: string, detail: Record<string, unknown>) =>
  db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
