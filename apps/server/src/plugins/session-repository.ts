import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The SQL of sessions (session.ts). Every method takes the database or the caller's transaction. */
type Db = Kysely<Database> | Transaction<Database>;

/** A session and its account by token hash (expired ones too: the caller checks expires_at, also on a cached row). */
export function findSession(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .leftJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'sessions.id',
      'sessions.data',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'accounts.id as account_id',
      'accounts.email',
      'accounts.role',
      'accounts.agent_id',
      'accounts.group_id',
      'accounts.user_id',
      'accounts.active',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** Moves a session's last_seen_at to now (the sliding idle timeout). */
export const touchSession = (db: Db, id: string) =>
  db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', id).execute();

export const insertSession = (db: Db, row: { id: string; expires_at: Date; account_id?: number; data?: string }) =>
  db.insertInto('sessions').values(row).execute();

export const setSessionData = (db: Db, id: string, data: string) => db.updateTable('sessions').set({ data }).where('id', '=', id).execute();

/** The enrollments of one session go to another (a sign-in's new session). */
export const moveSessionEnrollments = (db: Db, fromId: string, toId: string) =>
  db.updateTable('enrollments').set({ session_id: toId }).where('session_id', '=', fromId).execute();

export const deleteSession = (db: Db, id: string) => db.deleteFrom('sessions').where('id', '=', id).execute();

/** Drop expired and idle sessions (called from a timer): the idle times of signed-in and anonymous sessions, in ms. */
export async function deleteExpiredSessions(db: Db, idleMs: { signedIn: number; anonymous: number }) {
  const idle = (ms: number) => sql<Date>`now() - make_interval(secs => ${ms / 1000})`;
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', sql<Date>`now()`),
        eb.and([eb('account_id', 'is not', null), eb('last_seen_at', '<', idle(idleMs.signedIn))]),
        eb('last_seen_at', '<', idle(idleMs.anonymous)),
      ]),
    )
    .execute();
}
