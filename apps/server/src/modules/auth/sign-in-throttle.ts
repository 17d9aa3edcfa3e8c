import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/errors.ts';

/**
 * Failed sign-ins slow down one e-mail address from one network address, instead of locking the account for
 * everyone: the first wrong passwords cost nothing; from the DELAY_FROM-th on, each makes that pair wait
 * 1 s, 2 s, 4 s … up to MAX_DELAY_SEC before the next try. The right password from another address is never
 * held up. Kept in the database (one atomic upsert, the database's clock), so every process counts together; the
 * key is a hash (no e-mail or address is stored), and unknown e-mail addresses count exactly like known ones.
 */
export const DELAY_FROM = 5;
export const MAX_DELAY_SEC = 15 * 60;
/** A pair quiet for this long starts counting afresh. */
const FORGET_AFTER = '1 day';

const keyOf = (email: string, ip: string) => sha256(`sign-in\n${email.toLowerCase()}\n${ip}`);

/** Throws 429 (with retry-after) while this e-mail and address must wait. */
export async function assertNotThrottled(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  const row = await sql<{ wait: number }>`
    select ceil(extract(epoch from (blocked_until - now())))::int as wait from sign_in_failures
    where key = ${keyOf(email, ip)} and blocked_until > now()`.execute(db);
  const wait = row.rows[0]?.wait;
  if (wait) throw new HttpError(429, 'Too many attempts. Please try again later.', undefined, { retryAfter: Math.max(1, wait) });
}

/** Counts a wrong password; returns how long this pair now waits (seconds, 0 for none). */
export async function recordFailure(db: Kysely<Database>, email: string, ip: string): Promise<number> {
  const row = await sql<{ failures: number }>`
    insert into sign_in_failures (key, failures, updated_at) values (${keyOf(email, ip)}, 1, now())
    on conflict (key) do update set
      failures = case when sign_in_failures.updated_at < now() - ${FORGET_AFTER}::interval then 1 else sign_in_failures.failures + 1 end,
      updated_at = now()
    returning failures`.execute(db);
  const failures = row.rows[0].failures;
  const delay = delayFor(failures);
  if (delay > 0) {
    await sql`update sign_in_failures set blocked_until = now() + make_interval(secs => ${delay}) where key = ${keyOf(email, ip)}`.execute(
      db,
    );
  }
  return delay;
}

/** The wait after this many failures in a row: none before DELAY_FROM, then 1 s doubling, capped. */
export function delayFor(failures: number): number {
  if (failures < DELAY_FROM) return 0;
  return Math.min(MAX_DELAY_SEC, 2 ** Math.min(failures - DELAY_FROM, 20));
}

/** A right password clears the pair's count. */
export async function clearFailures(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('key', '=', keyOf(email, ip)).execute();
}

/** Drops pairs quiet for a day (an hourly timer of the auth routes). */
export async function purgeSignInFailures(db: Kysely<Database>): Promise<void> {
  await sql`delete from sign_in_failures where updated_at < now() - ${FORGET_AFTER}::interval`.execute(db);
}
