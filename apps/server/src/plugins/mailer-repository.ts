import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, OutboxTable } from '../db/schema.ts';

/** The SQL of the outbox (mailer.ts). Every method takes the database or the caller's transaction. */
type Db = Kysely<Database> | Transaction<Database>;

/**
 * Claims up to `batch` rows with a lease of leaseSeconds, in one statement (FOR UPDATE SKIP LOCKED): pending ones
 * tried fewer than maxAttempts times whose wait (retry_at) is over, and those whose lease ran out. In id order.
 */
export async function claimOutbox(db: Db, o: { leaseSeconds: number; maxAttempts: number; batch: number }) {
  const r = await sql<Selectable<OutboxTable>>`
    update outbox set status = 'sending', locked_until = now() + make_interval(secs => ${o.leaseSeconds}), attempts = attempts + 1
    where id in (
      select id from outbox
      where (status = 'pending' and attempts < ${o.maxAttempts} and (retry_at is null or retry_at <= now()))
        or (status = 'sending' and locked_until < now())
      order by id limit ${o.batch} for update skip locked)
    returning *`.execute(db);
  return r.rows.sort((a, b) => a.id - b.id);
}

/**
 * Ends the lease on the row (only while it is still being sent). `retryAfterSeconds`: back to pending, not tried
 * again before then (the database's clock, the same for every process).
 */
export const settleOutbox = (
  db: Db,
  id: number,
  set: { status: 'sent' | 'kept' | 'pending' | 'failed'; sent_at?: Date; last_error: string | null; retryAfterSeconds?: number },
) => {
  const { retryAfterSeconds, ...columns } = set;
  return db
    .updateTable('outbox')
    .set({
      ...columns,
      locked_until: null,
      retry_at: retryAfterSeconds === undefined ? null : sql<Date>`now() + make_interval(secs => ${retryAfterSeconds})`,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
};

export const attachmentData = (db: Db, mediaId: string) =>
  db.selectFrom('media').select('data').where('id', '=', mediaId).executeTakeFirst();

export async function insertOutbox(db: Db, row: Insertable<OutboxTable>): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

/** Blanks the bodies of mail delivered more than retentionSeconds ago; the number of rows. */
export async function purgeDeliveredOutbox(db: Db, retentionSeconds: number): Promise<number> {
  const r = await sql`
    update outbox set html = '', text = '', attachments = '[]'::jsonb, purged_at = now()
    where purged_at is null and status in ('sent', 'kept', 'failed')
      and coalesce(sent_at, created_at) < now() - make_interval(secs => ${retentionSeconds})`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Deletes the records of mail whose body was blanked more than keepSeconds ago, a batch at a time; the number. */
export async function deleteOldOutboxRecords(db: Db, keepSeconds: number, limit = 5000): Promise<number> {
  const r = await sql`
    delete from outbox where id in (
      select id from outbox where purged_at is not null and purged_at < now() - make_interval(secs => ${keepSeconds})
      order by id limit ${limit})`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
