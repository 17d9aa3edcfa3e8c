import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** SQL of sign-in: accounts, the names shown for them, the audit rows of sign-ins. */
export const findActiveAccountByEmail = (db: Db, email: string) =>
  db.selectFrom('accounts').selectAll().where('email', '=', email).where('active', '=', true).executeTakeFirst();
export const findActiveAccount = (db: Db, id: number) =>
  db.selectFrom('accounts').selectAll().where('id', '=', id).where('active', '=', true).executeTakeFirst();

export const agentName = (db: Db, agentId: number) =>
  db.selectFrom('agents').select(['first_name', 'last_name']).where('agent_id', '=', agentId).executeTakeFirst();
export const groupName = (db: Db, groupId: number) =>
  db.selectFrom('groups').select('gname').where('group_id', '=', groupId).executeTakeFirst();
export const memberName = (db: Db, userId: number) =>
  db.selectFrom('members').select(['first_name', 'last_name']).where('user_id', '=', userId).executeTakeFirst();

/** Whether any account (active or not) signs in with this e-mail. */
export const emailTaken = async (db: Db, email: string) =>
  !!(await db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst());

export const insertOperator = async (db: Db, email: string, passwordHash: string) =>
  (
    await db
      .insertInto('accounts')
      .values({ email, password_hash: passwordHash, role: 'operator' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const insertAudit = (db: Db, accountId: number, action: string) =>
  db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target: `account:${accountId}` })
    .execute();

// ---- sign-in throttle (sign-in-throttle.ts): rows by key hash, on the database's clock -------------------

/** The seconds this key must still wait, or undefined when it need not. */
export async function throttleWait(db: Db, key: string): Promise<number | undefined> {
  const row = await sql<{ wait: number }>`
    select ceil(extract(epoch from (blocked_until - now())))::int as wait from sign_in_failures
    where key = ${key} and blocked_until > now()`.execute(db);
  return row.rows[0]?.wait;
}

/** Counts a failure of the key (afresh when it was quiet for forgetAfter, an interval); returns the count. */
export async function countFailure(db: Db, key: string, forgetAfter: string): Promise<number> {
  const row = await sql<{ failures: number }>`
    insert into sign_in_failures (key, failures, updated_at) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when sign_in_failures.updated_at < now() - ${forgetAfter}::interval then 1 else sign_in_failures.failures + 1 end,
      updated_at = now()
    returning failures`.execute(db);
  return row.rows[0].failures;
}

export async function blockKey(db: Db, key: string, delaySec: number): Promise<void> {
  await sql`update sign_in_failures set blocked_until = now() + make_interval(secs => ${delaySec}) where key = ${key}`.execute(db);
}

export async function deleteFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
}

/** Drops the keys quiet for forgetAfter (an interval). */
export async function purgeQuietFailures(db: Db, forgetAfter: string): Promise<void> {
  await sql`delete from sign_in_failures where updated_at < now() - ${forgetAfter}::interval`.execute(db);
}

// ---- second factor (second-factor.ts) --------------------------------------------------------------------

/** The account's recovery codes become these (by hash): the old ones go. */
export async function replaceRecoveryCodes(db: Db, accountId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codeHashes.map((code_hash) => ({ account_id: accountId, code_hash })))
    .execute();
}

export const findTotpState = (db: Db, accountId: number) =>
  db.selectFrom('accounts').select(['totp_secret_enc', 'totp_last_step']).where('id', '=', accountId).executeTakeFirst();

/** Remembers a TOTP time step as used, atomically: undefined when this step (or a later one) was used already. */
export const takeTotpStep = (db: Db, accountId: number, step: number) =>
  db
    .updateTable('accounts')
    .set({ totp_last_step: step })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();

/** Uses up an unused recovery code of the account: undefined when there is none with this hash. */
export const useRecoveryCode = (db: Db, accountId: number, codeHash: string) =>
  db
    .updateTable('recovery_codes')
    .set({ used_at: new Date() })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();

export async function setTotpSecret(db: Db, accountId: number, secretEnc: string, step: number | null): Promise<void> {
  await db.updateTable('accounts').set({ totp_secret_enc: secretEnc, totp_last_step: step }).where('id', '=', accountId).execute();
}
