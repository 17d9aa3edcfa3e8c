import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/errors.ts';
import { blockKey, countFailure, deleteFailures, purgeQuietFailures, throttleWait } from './repository.ts';

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
  const wait = await throttleWait(db, keyOf(email, ip));
  if (wait) throw new HttpError(429, 'Too many attempts. Please try again later.', undefined, { retryAfter: Math.max(1, wait) });
}

/** Counts a wrong password; returns how long this pair now waits (seconds, 0 for none). */
export async function recordFailure(db: Kysely<Database>, email: string, ip: string): Promise<number> {
  const failures = await countFailure(db, keyOf(email, ip), FORGET_AFTER);
  const delay = delayFor(failures);
  if (delay > 0) await blockKey(db, keyOf(email, ip), delay);
  return delay;
}

/** The wait after this many failures in a row: none before DELAY_FROM, then 1 s doubling, capped. */
export function delayFor(failures: number): number {
  if (failures < DELAY_FROM) return 0;
  return Math.min(MAX_DELAY_SEC, 2 ** Math.min(failures - DELAY_FROM, 20));
}

/** A right password clears the pair's count. */
export async function clearFailures(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  await deleteFailures(db, keyOf(email, ip));
}

/** Drops pairs quiet for a day (an hourly timer of the auth routes). */
export async function purgeSignInFailures(db: Kysely<Database>): Promise<void> {
  await purgeQuietFailures(db, FORGET_AFTER);
}
