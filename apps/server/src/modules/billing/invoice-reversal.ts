import { todayIso } from '@store/domain/dates';
import { LIST_BILL_TEXT, invoiceNumber, invoiceStatus } from '@store/domain/list-bill';
import { REVERSAL_TEXT, type TInvoicePaymentReversalForm } from '@store/domain/list-bill-reversal';
import { fieldError, notFound } from '../../lib/errors.ts';
import * as repo from './invoice-repository.ts';
import * as rev from './invoice-reversal-repository.ts';
import { inTransaction, type Db } from './repository.ts';

/**
 * The operator reverses a group's payment (decision 2812): the payment of this invoice with this reference, whole,
 * once (the form's key; one reversal per payment). New rows only: a negative payment of the invoice and a `return` of the
 * ledger. The group's balance grows by it (the next invoice carries it); the commissions the payment's lines earned are
 * taken back on the reps' next statements, and the carriers' next 820 carries the negative remittance.
 */
export async function reverseInvoicePayment(db: Db, accountId: number, invoiceId: number, body: TInvoicePaymentReversalForm, now: Date) {
  const today = todayIso(now);
  return inTransaction(db, async (trx) => {
    if (!(await repo.lockInvoice(trx, invoiceId))) throw notFound(LIST_BILL_TEXT.INVOICE_NOT_FOUND);
    const row = await repo.invoiceById(trx, invoiceId);
    if (!row) throw notFound(LIST_BILL_TEXT.INVOICE_NOT_FOUND);
    const key = `invoice-payment-reversal:${invoiceId}:${body.key}`;
    const seen = await rev.reversalByKey(trx, key);
    let reversed = seen ? -seen.amount_cents : 0;
    if (!seen) {
      const payment = await rev.reversiblePayment(trx, invoiceId, body.reference);
      if (!payment) throw fieldError('reference', REVERSAL_TEXT.REFERENCE);
      await rev.insertReversal(
        trx,
        { invoice_id: invoiceId, payment },
        {
          reason: body.reason,
          received_on: today,
          recorded_by: accountId,
          idempotency_key: key,
          period: row.period,
          number: invoiceNumber(row.gcode, row.period, row.id),
        },
      );
      reversed = payment.amount_cents;
    }
    const after = await repo.invoiceById(trx, invoiceId);
    const paid = Number(after!.paid_cents);
    return {
      invoice_id: invoiceId,
      reversed_cents: reversed,
      paid_cents: paid,
      amount_due_cents: after!.amount_due_cents,
      status: invoiceStatus({ ...after!, paid_cents: paid, carried: !!after!.carried }, today),
    };
  });
}
