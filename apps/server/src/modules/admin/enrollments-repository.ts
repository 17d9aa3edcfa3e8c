import { sql } from 'kysely';
import type { TEnrollmentSearch } from '@store/domain/admin-records';
import { containsLike, escapeLike } from '../../lib/escape-like.ts';
import type { Db } from './db.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Enrollments matching the console's search (status, dates in New York time, a name, confirmation number or id). */
function searchBase(db: Db, { q, status, from, to }: TEnrollmentSearch) {
  let base = db.selectFrom('enrollments');
  if (status) base = base.where('status', '=', status);
  if (from) base = base.where('created_at', '>=', sql<Date>`(${from}::date)::timestamp at time zone 'America/New_York'`);
  if (to) base = base.where('created_at', '<', sql<Date>`((${to}::date + 1)::timestamp) at time zone 'America/New_York'`);
  if (q) {
    const text = q.toLowerCase();
    if (UUID.test(text)) return base.where('id', '=', text);
    const prefix = `${escapeLike(text)}%`;
    const words = text.split(/\s+/).filter(Boolean);
    base = base.where((eb) => {
      const byName =
        words.length >= 2
          ? eb.and([
              eb(sql`lower(tabs->'primary_info'->>'first_name')`, 'like', `${escapeLike(words[0])}%`),
              eb(sql`lower(tabs->'primary_info'->>'last_name')`, 'like', `${escapeLike(words[words.length - 1])}%`),
            ])
          : eb.or([
              eb(sql`lower(tabs->'primary_info'->>'last_name')`, 'like', prefix),
              eb(sql`lower(tabs->'primary_info'->>'first_name')`, 'like', prefix),
            ]);
      return eb.or([byName, eb(sql`lower(confirmation_number)`, 'like', prefix)]);
    });
  }
  return base;
}

/**
 * One page of a search, newest first, and the exact number found: LIMIT/OFFSET in the order of the index
 * enrollments_newest_idx (migration 1500), the same on PGlite and PostgreSQL.
 */
export async function searchEnrollments(db: Db, search: TEnrollmentSearch) {
  const base = searchBase(db, search);
  const [items, count] = await Promise.all([
    base
      .select([
        'id',
        'confirmation_number',
        sql<string | null>`tabs->'primary_info'->>'first_name'`.as('first_name'),
        sql<string | null>`tabs->'primary_info'->>'last_name'`.as('last_name'),
        'status',
        'eprocess',
        'agent_id',
        'group_id',
        'created_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(search.limit)
      .offset(search.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export const findEnrollment = (db: Db, id: string) => db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirst();

export const cartOf = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('cart_items')
    .innerJoin('plans', 'plans.plan_id', 'cart_items.plan_id')
    .select(['cart_items.plan_id', 'plans.plan_name', 'cart_items.price_cents'])
    .where('cart_items.enrollment_id', '=', enrollmentId)
    .orderBy('cart_items.created_at')
    .execute();

export const mailsOf = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('outbox')
    .select(['id', 'subject', 'status', 'attachments'])
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id')
    .execute();

/** Stored files whose id names the enrollment (receipts, signatures). */
export const mediaNaming = (db: Db, enrollmentId: string) =>
  db.selectFrom('media').select(['id', 'content_type']).where('id', 'like', containsLike(enrollmentId)).orderBy('id').limit(20).execute();

export const mediaTypes = (db: Db, ids: string[]) =>
  ids.length ? db.selectFrom('media').select(['id', 'content_type']).where('id', 'in', ids).execute() : Promise.resolve([]);

/** The screenshots table belongs to the quote module (save-screenshot); absent until it lands. */
async function hasScreenshots(db: Db) {
  const r = await sql<{ t: string | null }>`select to_regclass('screenshots')::text as t`.execute(db);
  return !!r.rows[0]?.t;
}

export async function screenshotsOf(db: Db, enrollmentId: string) {
  if (!(await hasScreenshots(db))) return [];
  const r = await sql<{ id: number; name: string; created_at: Date | string }>`
    select id, name, created_at from screenshots where enrollment_id = ${enrollmentId} order by created_at, id`.execute(db);
  return r.rows;
}

export async function screenshotImage(db: Db, enrollmentId: string, id: number) {
  if (!(await hasScreenshots(db))) return undefined;
  const r = await sql<{ image: Uint8Array }>`select image from screenshots where id = ${id} and enrollment_id = ${enrollmentId}`.execute(
    db,
  );
  return r.rows[0]?.image;
}
