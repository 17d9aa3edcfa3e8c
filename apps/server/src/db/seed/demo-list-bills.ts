import type { Transaction } from 'kysely';
import { addDaysIso } from '@store/domain/dates';
import type { ChargeSummary } from '@store/domain/charges';
import type { Database } from '../schema.ts';
import type { Sealer } from '../../lib/crypto.ts';
import { payDemoInvoice, runListBills } from '../../modules/billing/index.ts';

/** Acme Manufacturing pays by list bill (issue 39): its demo employees' enrollments are billed to the group's invoice. */
export const ACME_GROUP = 3001;

/** A demo member of a list-bill group: the billing record of their chargeSummary, paid by the group's invoice. */
export async function seedListBillRecord(trx: Transaction<Database>, enrollmentId: string, s: ChargeSummary): Promise<void> {
  await trx
    .insertInto('billing_records')
    .values({
      enrollment_id: enrollmentId,
      payment_method: 'list',
      payment_label: 'List bill (Acme Manufacturing)',
      lines: JSON.stringify(s.lines),
      admin_fee_cents: s.admin_fee_cents,
      initial_cents: s.initial_cents,
      recurring_cents: s.recurring_cents,
      bill_day: s.bill_day,
      first_charge_on: s.first_charge_on,
      starts_on: s.starts_on,
      recurring_from: s.recurring_from,
    })
    .execute();
}

/**
 * Acme's two invoices: last month's, made on its bill day a month before the install and paid by check five days
 * later; this month's, made on the install's day, open. Not mailed (demo data: the administrator's address is made up).
 */
export async function seedDemoListBills(trx: Transaction<Database>, sealer: Sealer, enrolledOn: string, today: string, billDay: number) {
  await trx.updateTable('groups').set({ payment_method: 'list', bill_day: billDay }).where('group_id', '=', ACME_GROUP).execute();
  await runListBills({ db: trx, sealer, mail: false }, enrolledOn);
  await payDemoInvoice(trx, ACME_GROUP, { method: 'check', reference: '10452', received_on: addDaysIso(enrolledOn, 5) });
  await runListBills({ db: trx, sealer, mail: false }, today);
}
