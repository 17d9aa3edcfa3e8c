import type { Db } from './repository.ts';
import { appendLedger } from './repository.ts';

/** The newest payment of this invoice with this reference not reversed yet (itself no reversal). */
export const reversiblePayment = (db: Db, invoiceId: number, reference: string) =>
  db
    .selectFrom('invoice_payments as p')
    .select(['p.id', 'p.method', 'p.amount_cents', 'p.reference'])
    .where('p.invoice_id', '=', invoiceId)
    .where('p.reference', '=', reference)
    .where('p.reverses_payment_id', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('invoice_payments as r').select('r.id').whereRef('r.reverses_payment_id', '=', 'p.id'))))
    .orderBy('p.id', 'desc')
    .executeTakeFirst();

export const reversalByKey = (db: Db, key: string) =>
  db.selectFrom('invoice_payments').select(['id', 'amount_cents']).where('idempotency_key', '=', key).executeTakeFirst();

/**
 * The reversal: a new, negative row of the invoice's payments naming the payment (never an update) and a `return` row
 * of the ledger without an enrollment (the group's money going back), in the caller's transaction. The unique keys
 * (the form's key, and one reversal per payment) make it once; returns false when it was made before.
 */
export async function insertReversal(
  db: Db,
  r: { invoice_id: number; payment: { id: number; method: 'check' | 'ach'; amount_cents: number; reference: string } },
  v: { reason: string; received_on: string; recorded_by: number; idempotency_key: string; period: string; number: string },
): Promise<boolean> {
  const row = await db
    .insertInto('invoice_payments')
    .values({
      invoice_id: r.invoice_id,
      method: r.payment.method,
      amount_cents: -r.payment.amount_cents,
      reference: r.payment.reference,
      received_on: v.received_on,
      recorded_by: v.recorded_by,
      idempotency_key: v.idempotency_key,
      reverses_payment_id: r.payment.id,
      reason: v.reason,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  const how = r.payment.method === 'check' ? 'check' : 'ACH';
  await appendLedger(db, [
    {
      enrollment_id: null,
      period: v.period,
      kind: 'return',
      amount_cents: -r.payment.amount_cents,
      payment_id: null,
      reason: `List bill ${v.number}: ${how} ${r.payment.reference} reversed: ${v.reason}`,
      idempotency_key: `invoice-payment-reversal:${row.id}`,
    },
  ]);
  await db
    .insertInto('audit_log')
    .values({
      account_id: v.recorded_by,
      action: 'invoice.payment-reversal',
      target: `invoice:${r.invoice_id}`,
      detail: JSON.stringify({ payment_id: r.payment.id, amount_cents: r.payment.amount_cents, reason: v.reason }),
    })
    .execute();
  return true;
}
