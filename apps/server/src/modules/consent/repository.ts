import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, IssuedDocumentsTable, PaymentAuthorizationsTable } from '../../db/schema.ts';

/** The SQL of proof of consent (issue 22): issued documents, payment authorizations. */
type Db = Kysely<Database> | Transaction<Database>;

export const findEnrollment = (db: Db, id: string) => db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirst();
/** The enrollment, which must exist (NoResultError otherwise). */
export const getEnrollment = (db: Db, id: string) =>
  db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The names of the plans in an enrollment's cart. */
export const cartPlanNames = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('cart_items')
    .innerJoin('plans', 'plans.plan_id', 'cart_items.plan_id')
    .select(['plans.plan_name'])
    .where('cart_items.enrollment_id', '=', enrollmentId)
    .execute();

export const mediaData = (db: Db, id: string) => db.selectFrom('media').select('data').where('id', '=', id).executeTakeFirst();
export async function insertPdfMedia(db: Db, id: string, pdf: Uint8Array): Promise<void> {
  await db
    .insertInto('media')
    .values({ id, content_type: 'application/pdf', data: Buffer.from(pdf), private: true })
    .execute();
}

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

export async function insertIssuedDocument(db: Db, row: Insertable<IssuedDocumentsTable>): Promise<void> {
  await db
    .insertInto('issued_documents')
    .values(row)
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

export async function findIssuedDocument(db: Db, sha256: string) {
  return db
    .selectFrom('issued_documents')
    .select(['confirmation_number', 'signed_at', 'kind'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

export async function latestIssuedDocument(db: Db, enrollmentId: string, kind: string) {
  return db
    .selectFrom('issued_documents')
    .select(['media_id', 'confirmation_number'])
    .where('enrollment_id', '=', enrollmentId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertPaymentAuthorization(db: Db, row: Insertable<PaymentAuthorizationsTable>): Promise<void> {
  await db.insertInto('payment_authorizations').values(row).execute();
}

export async function latestPaymentAuthorization(db: Db, enrollmentId: string) {
  return db
    .selectFrom('payment_authorizations')
    .selectAll()
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
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

/** The quotes mailed for an enrollment (the quote that led to it): how many and when the last one went. */
export async function mailedQuotes(db: Db, enrollmentId: string): Promise<{ count: number; last_at: Date | null }> {
  const rows = await db
    .selectFrom('quotes')
    .select('created_at')
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('created_at', 'desc')
    .execute();
  return { count: rows.length, last_at: rows[0] ? new Date(rows[0].created_at as unknown as string) : null };
}
