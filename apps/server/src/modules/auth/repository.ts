import type { Kysely, Transaction } from 'kysely';
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

export const insertAudit = (db: Db, accountId: number, action: string) =>
  db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target: `account:${accountId}` })
    .execute();
