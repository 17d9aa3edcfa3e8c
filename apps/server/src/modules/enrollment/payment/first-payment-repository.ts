import type { Db } from '../context.ts';

/** The SQL of a first payment waiting for its cardholder's 3-D Secure (migration 2920, decision 2821). */

/** The enrollment's first charge waiting for its cardholder (the latest one replaces an earlier one). */
export const keepPendingAuthentication = (db: Db, row: { enrollment_id: string; idempotency_key: string; charge_id: string }) =>
  db
    .insertInto('first_payment_authentications')
    .values(row)
    .onConflict((oc) =>
      oc.column('enrollment_id').doUpdateSet({ idempotency_key: row.idempotency_key, charge_id: row.charge_id, created_at: new Date() }),
    )
    .execute();

export const pendingAuthenticationOf = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('first_payment_authentications')
    .select(['idempotency_key', 'charge_id'])
    .where('enrollment_id', '=', enrollmentId)
    .executeTakeFirst();

/** Used by the completion that recorded it paid (in its transaction). */
export const dropPendingAuthentication = (db: Db, enrollmentId: string) =>
  db.deleteFrom('first_payment_authentications').where('enrollment_id', '=', enrollmentId).execute();
