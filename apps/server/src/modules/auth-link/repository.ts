import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** SQL of sign-in links: the account a link may sign in as (active, not an operator), each nonce used once. */
export const findLinkAccount = (db: Db, id: number) =>
  db
    .selectFrom('accounts')
    .select(['id', 'email'])
    .where('id', '=', id)
    .where('active', '=', true)
    .where('role', '!=', 'operator')
    .executeTakeFirst();

/** Whether a nonce was used (the page that asks before signing in looks without using it). */
export const nonceUsed = async (db: Db, nonce: string) =>
  (await db.selectFrom('sign_in_links_used').select('nonce').where('nonce', '=', nonce).executeTakeFirst()) !== undefined;

/** Marks a nonce used; false when it was used before. */
export async function useNonce(db: Db, nonce: string, accountId: number, expiresAt: Date) {
  const used = await sql<{ nonce: string }>`
    insert into sign_in_links_used (nonce, account_id, expires_at) values (${nonce}, ${accountId}, ${expiresAt})
    on conflict (nonce) do nothing returning nonce`.execute(db);
  return used.rows.length > 0;
}

export const insertAudit = (db: Db, accountId: number) =>
  db
    .insertInto('audit_log')
    .values({ account_id: accountId, action: 'sign-in-link', target: `account:${accountId}` })
    .execute();

/** Used nonces an hour past their expiry are forgotten. */
export const purgeUsedNonces = (db: Db) =>
  db
    .deleteFrom('sign_in_links_used')
    .where('expires_at', '<', new Date(Date.now() - 3600_000))
    .execute();
