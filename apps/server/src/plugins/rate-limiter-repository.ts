import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The SQL of the rate limiter's counters (rate-limiter.ts). Every method takes the database or the caller's transaction. */
type Db = Kysely<Database> | Transaction<Database>;

/** Adds n to the key's counter, one atomic upsert (a new window ending at resetAt when the last one is over). */
export async function addToCounter(db: Db, key: string, n: number, resetAt: Date): Promise<{ count: number; reset_at: Date }> {
  const row = await sql<{ count: number; reset_at: Date }>`
    insert into rate_limits (key, count, reset_at) values (${key}, ${n}, ${resetAt})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`.execute(db);
  return row.rows[0];
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Drops the counters whose window ended before this time. */
export const deleteCountersEndedBefore = (db: Db, before: Date) => db.deleteFrom('rate_limits').where('reset_at', '<', before).execute();
