import type { Kysely, Transaction } from 'kysely';
import type { Database, EnrollmentEventsTable } from '../../db/schema.ts';

/** The SQL of the trail (issue 22): its rows, one chain per enrollment. */
export type Db = Kysely<Database> | Transaction<Database>;

export type EventRow = Omit<EnrollmentEventsTable, 'id' | 'detail' | 'occurred_at'> & {
  id?: string;
  detail: Record<string, unknown>;
  occurred_at: Date | string;
};

const parse = (d: unknown): Record<string, unknown> =>
  typeof d === 'string' ? (JSON.parse(d) as Record<string, unknown>) : ((d ?? {}) as Record<string, unknown>);

/** Locks the enrollment's row (events of one enrollment are written one after another) and reads what identifies the signer. */
export async function lockEnrollment(db: Db, enrollmentId: string) {
  return db
    .selectFrom('enrollments')
    .select(['id', 'session_id', 'account_id', 'resume_email'])
    .where('id', '=', enrollmentId)
    .forUpdate()
    .executeTakeFirst();
}

export async function lastEvent(db: Db, enrollmentId: string): Promise<{ seq: number; hash: string } | undefined> {
  return db
    .selectFrom('enrollment_events')
    .select(['seq', 'hash'])
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertEvent(db: Db, row: EventRow): Promise<void> {
  await db
    .insertInto('enrollment_events')
    .values({ ...row, detail: JSON.stringify(row.detail) })
    .execute();
}

export async function listEvents(db: Db, enrollmentId: string): Promise<EventRow[]> {
  const rows = await db.selectFrom('enrollment_events').selectAll().where('enrollment_id', '=', enrollmentId).orderBy('seq').execute();
  return rows.map((r) => ({ ...r, detail: parse(r.detail) }));
}

export async function hasEvent(db: Db, enrollmentId: string, eventType: string): Promise<boolean> {
  const r = await db
    .selectFrom('enrollment_events')
    .select('id')
    .where('enrollment_id', '=', enrollmentId)
    .where('event_type', '=', eventType)
    .limit(1)
    .executeTakeFirst();
  return !!r;
}

export async function latestEvent(db: Db, enrollmentId: string, eventType: string): Promise<EventRow | undefined> {
  const r = await db
    .selectFrom('enrollment_events')
    .selectAll()
    .where('enrollment_id', '=', enrollmentId)
    .where('event_type', '=', eventType)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? { ...r, detail: parse(r.detail) } : undefined;
}

/** Every enrollment that has a trail (for the verification command). */
export async function trailEnrollmentIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('enrollment_events').select('enrollment_id').distinct().orderBy('enrollment_id').execute()).map(
    (r) => r.enrollment_id,
  );
}
