import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The SQL of the reminder mails. Every method takes the database or the caller's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

export const lockEnrollment = (db: Db, id: string) =>
  db.selectFrom('enrollments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const unsubscribedAt = (db: Db, id: string) =>
  db.selectFrom('enrollments').select(['id', 'reminders_unsubscribed_at']).where('id', '=', id).executeTakeFirst();

export const lockUnsubscribedAt = (db: Db, id: string) =>
  db.selectFrom('enrollments').select(['id', 'reminders_unsubscribed_at']).where('id', '=', id).forUpdate().executeTakeFirst();

export async function setUnsubscribed(db: Db, id: string, at: Date) {
  await db.updateTable('enrollments').set({ reminders_unsubscribed_at: at }).where('id', '=', id).execute();
}

export async function auditUnsubscribe(db: Db, id: string) {
  await db
    .insertInto('audit_log')
    .values({ account_id: null, action: 'reminders.unsubscribe', target: id, detail: JSON.stringify({}) })
    .execute();
}
