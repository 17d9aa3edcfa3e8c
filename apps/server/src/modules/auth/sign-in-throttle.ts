import type { Kysely } from 'kysely';
import { SIGN_IN_LIMITS } from '@store/domain/abuse-limits';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../config/env.ts';
import { addressKey } from '../../lib/client-address.ts';
import { sha256 } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/errors.ts';
import { blockKey, countFailure, deleteFailures, purgeQuietFailures, throttleWait } from './repository.ts';

/**
 * Failed sign-ins slow down one e-mail address from one network address (its /64 for IPv6), instead of locking the
 * account for everyone: the first wrong passwords cost nothing; from the SIGN_IN_DELAY_FROM-th on, each makes that
 * pair wait 1 s, 2 s, 4 s … up to 15 minutes before the next try. The right password from another address is not
 * held up by that pair's count.
 *
 * Above the pairs, two ceilings per account that no choice of addresses escapes (decision 2330, ASVS 6.3.1):
 * - wrong passwords of one e-mail in a day from any addresses: from the SIGN_IN_ACCOUNT_FAILURES-th the e-mail waits
 *   30 s, doubling up to SIGN_IN_ACCOUNT_MAX_WAIT_SECONDS (5 minutes). Its owner waits too: an attacker can hold an
 *   account back at most that long at a time, while guessing from many addresses gets about one try per wait.
 * - wrong second-factor codes of one account in a day: from the SECOND_FACTOR_ACCOUNT_FAILURES-th the account waits
 *   30 s, doubling up to 15 minutes (whoever reaches the code step already has the password).
 * Kept in the database (one atomic upsert, the database's clock), so every process counts together; the keys are
 * hashes (no e-mail or address is stored), and unknown e-mail addresses count exactly like known ones.
 */
export interface SignInLimits {
  delayFrom: number;
  accountFailures: number;
  accountMaxWaitSec: number;
  secondFactorAccountFailures: number;
}
export const signInLimits = (config: Config): SignInLimits => ({
  delayFrom: config.SIGN_IN_DELAY_FROM,
  accountFailures: config.SIGN_IN_ACCOUNT_FAILURES,
  accountMaxWaitSec: config.SIGN_IN_ACCOUNT_MAX_WAIT_SECONDS,
  secondFactorAccountFailures: config.SECOND_FACTOR_ACCOUNT_FAILURES,
});

export const MAX_DELAY_SEC = SIGN_IN_LIMITS.maxDelaySec;
const FIRST_ACCOUNT_WAIT_SEC = SIGN_IN_LIMITS.accountFirstWaitSec;
/** A key quiet for this long starts counting afresh. */
const FORGET_AFTER = '1 day';

const pairKey = (email: string, ip: string) => sha256(`sign-in\n${email.toLowerCase()}\n${addressKey(ip)}`);
const emailKey = (email: string) => sha256(`sign-in-account\n${email.toLowerCase()}`);
const secondFactorKey = (accountId: number) => sha256(`second-factor-account\n${accountId}`);

/** Throws 429 (with retry-after) while this e-mail and address, or this e-mail from anywhere, must wait. */
export async function assertNotThrottled(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  await assertKeysFree(db, [pairKey(email, ip), emailKey(email)]);
}

/** Counts a wrong password, for the pair and for the e-mail; returns how long the pair now waits (seconds, 0 for none). */
export async function recordFailure(db: Kysely<Database>, email: string, ip: string, limits: SignInLimits): Promise<number> {
  await countAndBlock(db, emailKey(email), (n) => accountDelay(n, limits.accountFailures, limits.accountMaxWaitSec));
  return countAndBlock(db, pairKey(email, ip), (n) => delayFor(n, limits.delayFrom));
}

/** Throws 429 while this account's second factor waits, or the e-mail and address pair does. */
export async function assertSecondFactorAllowed(db: Kysely<Database>, accountId: number, email: string, ip: string): Promise<void> {
  await assertKeysFree(db, [pairKey(email, ip), secondFactorKey(accountId)]);
}

/** Counts a wrong second-factor code, for the pair and for the account. */
export async function recordSecondFactorFailure(
  db: Kysely<Database>,
  accountId: number,
  email: string,
  ip: string,
  limits: SignInLimits,
): Promise<void> {
  await countAndBlock(db, secondFactorKey(accountId), (n) => accountDelay(n, limits.secondFactorAccountFailures, MAX_DELAY_SEC));
  await countAndBlock(db, pairKey(email, ip), (n) => delayFor(n, limits.delayFrom));
}

/** The wait of a pair after this many failures in a row: none before `from`, then 1 s doubling, capped. */
export function delayFor(failures: number, from = SIGN_IN_LIMITS.delayFrom): number {
  if (failures < from) return 0;
  return Math.min(MAX_DELAY_SEC, 2 ** Math.min(failures - from, 20));
}

/** The wait of an account after this many failures: none before `from`, then 30 s doubling, up to `maxSec`. */
export function accountDelay(failures: number, from: number, maxSec: number): number {
  if (failures < from) return 0;
  return Math.min(maxSec, FIRST_ACCOUNT_WAIT_SEC * 2 ** Math.min(failures - from, 20));
}

/** A right password clears the pair's and the e-mail's counts. */
export async function clearFailures(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  await deleteFailures(db, pairKey(email, ip));
  await deleteFailures(db, emailKey(email));
}

/** A right second-factor code clears the account's count of wrong codes (and the pair's, the e-mail's). */
export async function clearSecondFactorFailures(db: Kysely<Database>, accountId: number, email: string, ip: string): Promise<void> {
  await clearFailures(db, email, ip);
  await deleteFailures(db, secondFactorKey(accountId));
}

/** Drops keys quiet for a day (an hourly timer of the auth routes). */
export async function purgeSignInFailures(db: Kysely<Database>): Promise<void> {
  await purgeQuietFailures(db, FORGET_AFTER);
}

async function assertKeysFree(db: Kysely<Database>, keys: string[]): Promise<void> {
  let wait = 0;
  for (const key of keys) wait = Math.max(wait, (await throttleWait(db, key)) ?? 0);
  if (wait) throw new HttpError(429, 'Too many attempts. Please try again later.', undefined, { retryAfter: Math.max(1, wait) });
}

async function countAndBlock(db: Kysely<Database>, key: string, delay: (failures: number) => number): Promise<number> {
  const seconds = delay(await countFailure(db, key, FORGET_AFTER));
  if (seconds > 0) await blockKey(db, key, seconds);
  return seconds;
}
