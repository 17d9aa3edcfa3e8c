import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ScheduledJobsTable } from '../db/schema.ts';
import type { Job } from './jobs.ts';

/** The SQL of scheduled jobs (jobs.ts). Every method takes the database or the caller's transaction. */
type Db = Kysely<Database> | Transaction<Database>;

/** Locks the first job due at `at` of these kinds (FOR UPDATE SKIP LOCKED: one another process holds is passed over). */
export async function claimDueJob(db: Db, at: Date, kinds: string[]): Promise<Job | undefined> {
  const r = await sql<Job>`
    select * from scheduled_jobs
    where status = 'pending' and due_at <= ${at} and kind in (${sql.join(kinds)})
    order by due_at, id limit 1 for update skip locked`.execute(db);
  return r.rows[0];
}

/** A job that ran: done, or cancelled when it no longer applied. */
export async function finishJob(db: Db, job: Job, outcome: 'done' | 'skipped', at: Date): Promise<void> {
  await db
    .updateTable('scheduled_jobs')
    .set({
      status: outcome === 'done' ? 'done' : 'cancelled',
      attempts: job.attempts + 1,
      updated_at: at,
      last_error: outcome === 'skipped' ? 'no longer applies' : null,
    })
    .where('id', '=', job.id)
    .execute();
}

/** A job whose handler failed, while still pending: its attempts, status, next due time and error. */
export async function failPendingJob(
  db: Db,
  id: number,
  set: { attempts: number; status: 'pending' | 'failed'; due_at: Date; last_error: string; updated_at: Date },
): Promise<void> {
  await db.updateTable('scheduled_jobs').set(set).where('id', '=', id).where('status', '=', 'pending').execute();
}

export async function insertJob(db: Db, row: Insertable<ScheduledJobsTable>): Promise<void> {
  await db.insertInto('scheduled_jobs').values(row).execute();
}

/** Cancels the pending jobs of an enrollment (of these kinds, or all). */
export async function cancelPendingJobs(db: Db, enrollmentId: string, kinds: string[] | undefined, now: Date): Promise<void> {
  let q = db
    .updateTable('scheduled_jobs')
    .set({ status: 'cancelled', updated_at: now })
    .where('enrollment_id', '=', enrollmentId)
    .where('status', '=', 'pending');
  if (kinds?.length) q = q.where('kind', 'in', kinds);
  await q.execute();
}

/**
 * Drops finished job rows: done and cancelled ones older than `finishedBefore`, failed ones (the operator's clue)
 * older than `failedBefore`; at most `limit` rows a call. Pending rows are never touched. The number dropped.
 */
export async function deleteFinishedJobs(db: Db, finishedBefore: Date, failedBefore: Date, limit = 5000): Promise<number> {
  const r = await sql`
    delete from scheduled_jobs where id in (
      select id from scheduled_jobs
      where (status in ('done', 'cancelled') and updated_at < ${finishedBefore})
         or (status = 'failed' and updated_at < ${failedBefore})
      order by id limit ${limit})`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Serializes, for this transaction, the scheduling of jobs of one kind across store processes. */
export async function lockKind(trx: Transaction<Database>, kind: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`jobs:${kind}`}))`.execute(trx);
}

/** Whether a job of this kind other than `exceptId` waits to run. */
export const pendingOfKind = (db: Db, kind: string, exceptId = 0) =>
  db
    .selectFrom('scheduled_jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where('id', '!=', exceptId)
    .executeTakeFirst();
