import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
const NEWEST = 5;

/** SQL of the console's dashboard (issue 37): counts and the newest few of each. */
export async function completedSince(db: Db, since: Date) {
  const base = db.selectFrom('enrollments').where('status', '=', 'completed').where('completed_at', '>=', since);
  const [count, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'id',
        'confirmation_number',
        'completed_at',
        sql<string | null>`trim(concat(tabs->'primary_info'->>'first_name', ' ', tabs->'primary_info'->>'last_name'))`.as('name'),
      ])
      .orderBy('completed_at', 'desc')
      .limit(NEWEST)
      .execute(),
  ]);
  return { count: Number(count.n), items };
}

/** Carrier files delivered and waiting for their 999 (not resolved), with how many are past their carrier's window. */
export async function unacknowledgedFiles(db: Db) {
  const base = db
    .selectFrom('carrier_files as f')
    .innerJoin('carriers as c', 'c.id', 'f.carrier_id')
    .where('f.status', '=', 'delivered')
    .where('f.acknowledged_at', 'is', null)
    .where('f.resolved_at', 'is', null);
  const overdue = sql<boolean>`f.delivered_at < now() - make_interval(hours => c.ack_window_hours)`;
  const [count, items] = await Promise.all([
    base
      .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string>`count(*) filter (where ${overdue})`.as('overdue')])
      .executeTakeFirstOrThrow(),
    base
      .select(['f.id', 'f.file_name', 'f.delivered_at', 'c.name as carrier', overdue.as('overdue')])
      .orderBy('f.delivered_at')
      .limit(NEWEST)
      .execute(),
  ]);
  return { count: Number(count.n), overdue: Number(count.overdue), items };
}

/** Carrier files whose delivery failed or that a 999 rejected, not yet resolved by an operator. */
export async function failedFiles(db: Db) {
  const base = db
    .selectFrom('carrier_files as f')
    .innerJoin('carriers as c', 'c.id', 'f.carrier_id')
    .where('f.status', 'in', ['errored', 'rejected'])
    .where('f.resolved_at', 'is', null);
  const [count, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['f.id', 'f.file_name', 'f.status', 'f.created_at', 'c.name as carrier'])
      .orderBy('f.created_at', 'desc')
      .limit(NEWEST)
      .execute(),
  ]);
  return { count: Number(count.n), items };
}

/** Mail the outbox gave up on. */
export async function failedMail(db: Db) {
  const base = db.selectFrom('outbox').where('status', '=', 'failed');
  const [count, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.select(['id', 'subject', 'kind', 'created_at']).orderBy('id', 'desc').limit(NEWEST).execute(),
  ]);
  return { count: Number(count.n), items };
}
