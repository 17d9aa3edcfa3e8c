import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** SQL of the receipt's way back (decision 2460): the member's e-mail, its account, the new account and its audit. */
export const memberEmail = async (db: Db, userId: number) =>
  (await db.selectFrom('members').select('email').where('user_id', '=', userId).executeTakeFirst())?.email ?? null;

/** The account that signs in with this e-mail (any role, active or not: an e-mail signs in as one account only). */
export const accountByEmail = (db: Db, email: string) =>
  db.selectFrom('accounts').select(['id', 'role', 'user_id', 'password_hash']).where('email', '=', email).executeTakeFirst();

export const insertMemberAccount = async (db: Db, email: string, passwordHash: string, userId: number) =>
  (
    await db
      .insertInto('accounts')
      .values({ email, password_hash: passwordHash, role: 'member', user_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** A member account made for a sign-in link gets its password now (the link was its only way in until then). */
export const setMemberPassword = (db: Db, id: number, passwordHash: string) =>
  db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).where('role', '=', 'member').execute();

/** The member's completed enrollments that no account owns yet become the new account's (its receipts, any browser). */
export const claimEnrollments = (db: Db, userId: number, accountId: number) =>
  db
    .updateTable('enrollments')
    .set({ account_id: accountId })
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where('account_id', 'is', null)
    .execute();

export const insertAudit = (db: Db, accountId: number, action: string, enrollmentId: string) =>
  db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target: `account:${accountId}`, detail: JSON.stringify({ enrollment_id: enrollmentId }) })
    .execute();
