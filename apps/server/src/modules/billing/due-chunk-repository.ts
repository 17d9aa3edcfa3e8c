import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { COLLECTED_ONE_BY_ONE, type Db } from './repository.ts';

/** The SQL of the due step's chunks (decision 2930): how many to cut, and each claimed by one process at a time. */

/** How many enrollments the billing run may bill one by one (the due step's chunks are cut by it). */
export async function countBillable(db: Db): Promise<number> {
  const r = await db
    .selectFrom('billing_records as b')
    .innerJoin('enrollments as e', 'e.id', 'b.enrollment_id')
    .where('e.status', '=', 'completed')
    .where('b.payment_method', 'in', [...COLLECTED_ONE_BY_ONE])
    .where('b.coverage_ended_on', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The advisory lock's name of a day cut into `of` chunks (two processes that cut differently take different locks). */
const lockName = (day: string, of: number) => `billing-due:${day}:${of}`;

/**
 * Claims chunk `chunk` of `of` of the day's due step for this transaction: false when another process holds it (it is
 * adding that chunk's payments now). Released when the transaction ends.
 */
export async function tryClaimDueChunk(trx: Transaction<Database>, day: string, of: number, chunk: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(${lockName(day, of)}), ${chunk}::int) as ok`.execute(trx);
  return r.rows[0].ok;
}

/** Waits for a chunk another process held, then holds it for this transaction (the due step's last pass). */
export async function claimDueChunk(trx: Transaction<Database>, day: string, of: number, chunk: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${lockName(day, of)}), ${chunk}::int)`.execute(trx);
}
