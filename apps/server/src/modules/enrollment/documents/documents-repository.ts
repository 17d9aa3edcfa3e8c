import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, IssuedDocumentsTable, PaymentAuthorizationsTable } from '../../../db/schema.ts';

/** The SQL of the enrollment's documents (issue 22): the signed application, its media, and the payment authorizations. */
type Db = Kysely<Database> | Transaction<Database>;

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
