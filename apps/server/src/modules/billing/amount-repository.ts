import type { BillingLine } from '../../db/schema.ts';
import type { Db } from './repository.ts';

/** A life event's change of the monthly amount (issue 38): the record's lines and recurring amount from now on. */
export const setRecurringAmount = (db: Db, enrollmentId: string, lines: BillingLine[], recurringCents: number) =>
  db
    .updateTable('billing_records')
    .set({ lines: JSON.stringify(lines), recurring_cents: recurringCents })
    .where('enrollment_id', '=', enrollmentId)
    .execute();

/** The enrollment's billing record, locked for a change of its amount. */
export const lockBillingRecord = (db: Db, enrollmentId: string) =>
  db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', enrollmentId).forUpdate().executeTakeFirst();

/** The enrollment's billing record, read (a preview of a change). */
export const findBillingRecord = (db: Db, enrollmentId: string) =>
  db.selectFrom('billing_records').select(['lines', 'recurring_cents']).where('enrollment_id', '=', enrollmentId).executeTakeFirst();
