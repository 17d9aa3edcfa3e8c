import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The SQL of keeping proof of consent (issue 22): the retention of payment authorizations and issued documents. */
export type Db = Kysely<Database> | Transaction<Database>;

export const findEnrollment = (db: Db, id: string) => db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirst();

/** The media ids of an enrollment's issued documents (signed applications). */
export async function issuedDocumentMedia(db: Db, enrollmentId: string): Promise<string[]> {
  const rows = await db.selectFrom('issued_documents').select('media_id').where('enrollment_id', '=', enrollmentId).execute();
  return rows.flatMap((r) => (r.media_id ? [r.media_id] : []));
}

/**
 * Deletes an enrollment's private files (issue 34: past their keeping time) and unlinks its issued documents, whose
 * SHA-256 stays (no personal data: a copy someone kept still verifies). Returns how many files were deleted.
 */
export async function deletePrivateDocuments(db: Db, enrollmentId: string, mediaIds: string[]): Promise<number> {
  await db.updateTable('issued_documents').set({ media_id: null }).where('enrollment_id', '=', enrollmentId).execute();
  if (!mediaIds.length) return 0;
  const r = await db.deleteFrom('media').where('id', 'in', mediaIds).where('private', '=', true).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The last debit of an enrollment's authorizations and the day until which they are kept. */
export async function setLastDebit(db: Db, enrollmentId: string, lastDebitOn: string, keepUntil: string): Promise<void> {
  await db
    .updateTable('payment_authorizations')
    .set({ last_debit_on: lastDebitOn, keep_until: keepUntil })
    .where('enrollment_id', '=', enrollmentId)
    .execute();
}

/** Authorizations whose keeping time is over (at least two years after the last debit). */
export async function purgeExpiredAuthorizations(db: Db, today: string): Promise<number> {
  const r = await db
    .deleteFrom('payment_authorizations')
    .where('keep_until', 'is not', null)
    .where('keep_until', '<', today)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
