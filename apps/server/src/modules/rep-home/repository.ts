import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import { REP_HOME_COUNT_CAP } from '@store/domain/rep-home';
import type { Database } from '../../db/schema.ts';
import { escapeLike } from '../../lib/escape-like.ts';

/**
 * The SQL of the rep's home (service.ts). Every list is one rep's rows in the order of an index of migration 1830:
 * a page is LIMIT/OFFSET in that order, the CSV export walks it by keyset (`after`), the same on PGlite and PostgreSQL.
 */
export type Db = Kysely<Database> | Transaction<Database>;

/** A page (offset) or the rows after a keyset cursor (the CSV export). */
export type Window = { limit: number; offset?: number; after?: readonly [string, string | number] };

const IN_PROGRESS = sql<SqlBool>`status <> 'completed' and tabs <> '{}'::jsonb`;
const FIRST = sql<string>`lower(tabs->'primary_info'->>'first_name')`;
const LAST = sql<string>`lower(tabs->'primary_info'->>'last_name')`;
const NY_MONTH_START = sql<Date>`(date_trunc('month', now() at time zone 'America/New_York') at time zone 'America/New_York')`;

const words = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
const prefix = (w: string) => `${escapeLike(w)}%`;

/** First word on the first name and last word on the last name; one word on either. Prefixes, served by indexes. */
function nameMatch<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, q: string, first: Expression<string>, last: Expression<string>) {
  const w = words(q);
  if (w.length >= 2) return eb.and([eb(first, 'like', prefix(w[0])), eb(last, 'like', prefix(w[w.length - 1]))]);
  return eb.or([eb(last, 'like', prefix(w[0])), eb(first, 'like', prefix(w[0]))]);
}

/** Rows of a search counted up to the cap (one more tells that there are more): a bounded index range, never the whole book. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any list's FROM
async function countCapped(db: Db, base: SelectQueryBuilder<any, any, object>) {
  const r = await db
    .selectFrom(
      base
        .select(sql<number>`1`.as('one'))
        .limit(REP_HOME_COUNT_CAP + 1)
        .as('found'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(r.n);
  return { total: Math.min(n, REP_HOME_COUNT_CAP), more: n > REP_HOME_COUNT_CAP };
}

// ---------- in progress ----------

function inProgressBase(db: Db, accountId: number, q: string) {
  let base = db.selectFrom('enrollments').where('account_id', '=', accountId).where(IN_PROGRESS);
  if (words(q).length) base = base.where((eb) => nameMatch(eb, q, FIRST, LAST));
  return base;
}

export async function inProgressRows(db: Db, accountId: number, q: string, w: Window) {
  let query = inProgressBase(db, accountId, q).select([
    'id',
    sql<string | null>`tabs->'primary_info'->>'first_name'`.as('first_name'),
    sql<string | null>`tabs->'primary_info'->>'last_name'`.as('last_name'),
    sql<string>`(select string_agg(k, ',') from jsonb_object_keys(tabs) as k)`.as('saved_keys'),
    'saved_tab',
    'updated_at',
    sql<string>`updated_at::text`.as('cursor'),
    sql<boolean>`resume_email is not null`.as('has_email'),
  ]);
  if (w.after) query = query.where(sql<SqlBool>`(updated_at, id) < (${w.after[0]}::timestamptz, ${String(w.after[1])})`);
  return query
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(w.limit)
    .offset(w.offset ?? 0)
    .execute();
}

export const countInProgress = (db: Db, accountId: number, q: string) => countCapped(db, inProgressBase(db, accountId, q));

/** The latest reminder mail sent for each of these enrollments. */
export async function remindersSent(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('outbox')
    .select(['enrollment_id', (eb) => eb.fn.max('sent_at').as('sent_at')])
    .where('enrollment_id', 'in', ids)
    .where('kind', '=', 'enrollment-reminder')
    .where('status', '=', 'sent')
    .groupBy('enrollment_id')
    .execute();
}

/** The rep's own enrollment, not completed, locked for the resend (undefined for anyone else's). */
export const lockOwnEnrollment = (db: Db, accountId: number, id: string) =>
  db
    .selectFrom('enrollments')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('status', '<>', 'completed')
    .forUpdate()
    .executeTakeFirst();

export const findOwnEnrollment = (db: Db, accountId: number, id: string) =>
  db
    .selectFrom('enrollments')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('status', '<>', 'completed')
    .executeTakeFirst();

// ---------- completed this month ----------

function completedBase(db: Db, accountId: number, q: string) {
  let base = db
    .selectFrom('enrollments')
    .leftJoin('billing_records', 'billing_records.enrollment_id', 'enrollments.id')
    .where('enrollments.account_id', '=', accountId)
    .where('enrollments.status', '=', 'completed')
    .where('enrollments.completed_at', '>=', NY_MONTH_START);
  if (words(q).length) {
    const text = q.trim().toLowerCase();
    base = base.where((eb) =>
      eb.or([
        nameMatch(
          eb,
          q,
          sql<string>`lower(enrollments.tabs->'primary_info'->>'first_name')`,
          sql<string>`lower(enrollments.tabs->'primary_info'->>'last_name')`,
        ),
        eb(sql<string>`lower(enrollments.confirmation_number)`, 'like', prefix(text)),
      ]),
    );
  }
  return base;
}

export async function completedRows(db: Db, accountId: number, q: string, w: Window) {
  let query = completedBase(db, accountId, q).select([
    'enrollments.id',
    sql<string | null>`enrollments.tabs->'primary_info'->>'first_name'`.as('first_name'),
    sql<string | null>`enrollments.tabs->'primary_info'->>'last_name'`.as('last_name'),
    'enrollments.confirmation_number',
    'enrollments.completed_at',
    sql<string>`enrollments.completed_at::text`.as('cursor'),
    'billing_records.recurring_cents',
  ]);
  if (w.after)
    query = query.where(sql<SqlBool>`(enrollments.completed_at, enrollments.id) < (${w.after[0]}::timestamptz, ${String(w.after[1])})`);
  return query
    .orderBy('enrollments.completed_at', 'desc')
    .orderBy('enrollments.id', 'desc')
    .limit(w.limit)
    .offset(w.offset ?? 0)
    .execute();
}

/** Found by the search, and the month's count and premium (sum of the monthly amounts kept at completion). */
export async function completedTotals(db: Db, accountId: number, q: string) {
  const [found, month, bounds] = await Promise.all([
    countCapped(db, completedBase(db, accountId, q)),
    completedBase(db, accountId, '')
      .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string>`coalesce(sum(billing_records.recurring_cents), 0)`.as('cents')])
      .executeTakeFirstOrThrow(),
    sql<{ month: string }>`select to_char(now() at time zone 'America/New_York', 'YYYY-MM') as month`.execute(db),
  ]);
  return { found, count: Number(month.n), cents: Number(month.cents), month: bounds.rows[0]!.month };
}

// ---------- quotes sent ----------

function quotesBase(db: Db, accountId: number, q: string) {
  let base = db.selectFrom('quotes').where('account_id', '=', accountId);
  const text = q.trim().toLowerCase();
  if (text)
    base = base.where((eb) =>
      eb.or([eb(eb.fn('lower', ['to_name']), 'like', prefix(text)), eb(eb.fn('lower', ['to_email']), 'like', prefix(text))]),
    );
  return base;
}

export async function quoteRows(db: Db, accountId: number, q: string, w: Window) {
  let query = quotesBase(db, accountId, q).select([
    'id',
    'to_name',
    'to_email',
    'created_at',
    'enrollment_id',
    sql<string>`created_at::text`.as('cursor'),
  ]);
  if (w.after) query = query.where(sql<SqlBool>`(created_at, id) < (${w.after[0]}::timestamptz, ${Number(w.after[1])})`);
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(w.limit)
    .offset(w.offset ?? 0)
    .execute();
}

export const countQuotes = (db: Db, accountId: number, q: string) => countCapped(db, quotesBase(db, accountId, q));

// ---------- members ----------

function membersBase(db: Db, agentId: number, q: string) {
  let base = db.selectFrom('members').leftJoin('groups', 'groups.group_id', 'members.group_id').where('members.agent_id', '=', agentId);
  if (words(q).length) {
    const text = q.trim().toLowerCase();
    base = base.where((eb) =>
      eb.or([
        nameMatch(eb, q, sql<string>`lower(members.first_name)`, sql<string>`lower(members.last_name)`),
        eb(sql<string>`lower(members.email)`, 'like', prefix(text)),
      ]),
    );
  }
  return base;
}

export async function memberRows(db: Db, agentId: number, q: string, w: Window & { afterMember?: readonly [string, string, number] }) {
  let query = membersBase(db, agentId, q).select([
    'members.user_id',
    'members.first_name',
    'members.middle_name',
    'members.last_name',
    'members.dob',
    'members.email',
    'members.ssn_last4',
    'groups.gname',
  ]);
  const a = w.afterMember;
  if (a) query = query.where(sql<SqlBool>`(members.last_name, members.first_name, members.user_id) > (${a[0]}, ${a[1]}, ${a[2]})`);
  return query
    .orderBy('members.last_name')
    .orderBy('members.first_name')
    .orderBy('members.user_id')
    .limit(w.limit)
    .offset(w.offset ?? 0)
    .execute();
}

export const countMembers = (db: Db, agentId: number, q: string) => countCapped(db, membersBase(db, agentId, q));

export async function policiesOf(db: Db, userIds: number[]) {
  if (!userIds.length) return [];
  return db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .select(['policies.user_id', 'policies.status', 'plans.plan_name', 'policies.eoi_status'])
    .where('policies.user_id', 'in', userIds)
    .orderBy('policies.policy_id')
    .execute();
}

export async function insertAudit(db: Db, row: { account_id: number; action: string; target: string; detail: Record<string, unknown> }) {
  await db
    .insertInto('audit_log')
    .values({ ...row, detail: JSON.stringify(row.detail) })
    .execute();
}
