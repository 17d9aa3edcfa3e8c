import crypto from 'node:crypto';
import { todayIso, usToIso } from '@store/domain/dates';
import {
  invoiceDueOn,
  invoiceNumber,
  invoicePeriodOn,
  invoiceStatus,
  listBillLines,
  LIST_BILL_TEXT,
  paymentCents,
  type TInvoice,
  type TInvoiceList,
  type TInvoicePaymentForm,
} from '@store/domain/list-bill';
import { formatCents } from '@store/domain/pricing';
import type { Sealer } from '../../lib/crypto.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { sealPrivateMedia } from '../../lib/private-media.ts';
import { enqueueOutbox } from '../../plugins/mailer.ts';
import * as repo from './invoice-repository.ts';
import { inTransaction, type Db } from './repository.ts';
import { renderPdf } from '../../pdf/pool.ts';
import { canonicalJson, sha256 } from '../trail/index.ts';

/** What a list-bill run needs: the database (or the day's transaction) and the sealer (the PDF and the mail, sealed). */
export interface InvoiceDeps {
  db: Db;
  sealer: Sealer;
  /** Mail each invoice to the group administrator (the default; the demo data's are not mailed). */
  mail?: boolean;
}

export interface InvoiceFigures {
  invoices: number;
  mailed: number;
}

/**
 * The billing day's list bills (issue 39): for each group with list-bill enrollments whose bill date has come, the
 * invoice of the month it bills, once (the database's unique key per group and month, and a lock per group), with a
 * line per enrollment and adjustments by the day for employees added or ended since (packages/domain list-bill.ts),
 * the balance the earlier invoices left, a PDF and a mail to the group administrator.
 */
export async function runListBills(deps: InvoiceDeps, day: string): Promise<InvoiceFigures> {
  const figures = { invoices: 0, mailed: 0 };
  for (const g of await repo.listBillGroups(deps.db)) {
    const made = await listBillOf(deps, g, day);
    if (made) {
      figures.invoices++;
      if (made.mailed) figures.mailed++;
    }
  }
  return figures;
}

/**
 * The group's invoice of the month, mailed with its PDF rendered with no transaction open (issue 40, decision 2880, as
 * a completion's PDFs are: 2610): the transaction runs once to learn what the PDF will say, is rolled back, the PDF is
 * rendered, and the transaction runs again and takes it when the invoice says the same (the second run inserts it under
 * the id the first one took, so that it does). An invoice changed in between is rendered again before a third run,
 * which renders inside whatever still differs. Within the caller's transaction (the billing day's job runs the whole
 * day in its own) nothing can be rolled back: the PDF is rendered there.
 */
async function listBillOf(deps: InvoiceDeps, g: repo.ListBillGroup, day: string) {
  const period = invoicePeriodOn(day, g.bill_day);
  const rendered = new Map<string, Uint8Array>();
  let id: number | undefined;
  let inline = deps.db.isTransaction;
  const pdf: InvoicePdf = async (gname, inv) => {
    const key = sha256(canonicalJson({ gname, inv }));
    const done = rendered.get(key);
    if (done) return done;
    if (inline) return renderPdf('invoice', gname, inv);
    throw new InvoicePdfToRender(key, gname, inv);
  };
  for (let runs = 1; ; runs++) {
    try {
      return await inTransaction(deps.db, async (trx) => {
        await repo.lockGroupInvoices(trx, g.group_id);
        if (await repo.invoiceOf(trx, g.group_id, period)) return null;
        const [enrollments, so, balance] = await Promise.all([
          repo.groupListBillEnrollments(trx, g.group_id),
          repo.billedSoFar(trx, g.group_id),
          repo.groupBalance(trx, g.group_id),
        ]);
        // Never back to a month before the group's first invoice, and never before this one's for a new group.
        const lines = listBillLines(period, so.firstPeriod ?? period, enrollments, so.billed);
        if (lines.length === 0 && balance === 0) return null;
        const inv = await repo.insertInvoice(
          trx,
          {
            id,
            group_id: g.group_id,
            period,
            issued_on: day,
            due_on: invoiceDueOn(period),
            previous_balance_cents: balance,
            number: (n) => invoiceNumber(g.gcode, period, n),
          },
          lines,
        );
        if (!inv) return null;
        return { inv, mailed: deps.mail === false ? false : await mailInvoice(deps, trx, inv.id, day, pdf) };
      });
    } catch (err) {
      if (!(err instanceof InvoicePdfToRender)) throw err;
      // Rolled back: rendered now, with no transaction open; the invoice's id (its sequence value, not rolled back) kept.
      id = err.inv.id;
      rendered.set(err.key, await renderPdf('invoice', err.gname, err.inv));
      if (runs >= 2) inline = true;
    }
  }
}

/** The invoice's PDF: rendered before the transaction, or (thrown) to be rendered after rolling it back. */
type InvoicePdf = (gname: string, inv: TInvoice) => Promise<Uint8Array>;

/** Thrown inside a list bill's transaction to roll it back: its PDF is rendered, then it runs again. */
class InvoicePdfToRender extends Error {
  constructor(
    readonly key: string,
    readonly gname: string,
    readonly inv: TInvoice,
  ) {
    super('the list bill has its PDF to render outside its transaction');
  }
}

/** The invoice with its lines and payments, as the group home, the console and the PDF show it. */
export async function invoiceViews(db: Db, rows: repo.InvoiceRow[], today: string): Promise<TInvoice[]> {
  const ids = rows.map((r) => r.id);
  const [lines, payments] = await Promise.all([repo.linesOf(db, ids), repo.paymentsOfInvoices(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    number: invoiceNumber(r.gcode, r.period, r.id),
    period: r.period,
    issued_on: r.issued_on,
    due_on: r.due_on,
    previous_balance_cents: r.previous_balance_cents,
    lines_cents: r.lines_cents,
    amount_due_cents: r.amount_due_cents,
    paid_cents: Number(r.paid_cents),
    status: invoiceStatus({ ...r, paid_cents: Number(r.paid_cents), carried: !!r.carried }, today),
    lines: lines.filter((l) => l.invoice_id === r.id).map(({ invoice_id: _i, ...l }) => l),
    payments: payments.filter((p) => p.invoice_id === r.id).map(({ invoice_id: _i, ...p }) => p),
  }));
}

async function mailInvoice(deps: InvoiceDeps, trx: Db, invoiceId: number, day: string, pdfOf: InvoicePdf): Promise<boolean> {
  const row = await repo.invoiceById(trx, invoiceId);
  if (!row) return false;
  const admin = await repo.groupAdministrator(trx, row.group_id);
  if (!admin) return false;
  const [inv] = await invoiceViews(trx, [row], day);
  const pdf = await pdfOf(row.gname, inv);
  const mediaId = `invoice-${crypto.randomUUID()}`;
  await repo.insertPdf(trx, mediaId, sealPrivateMedia(deps.sealer, mediaId, pdf));
  const due = `${formatCents(inv.amount_due_cents)} due ${usToIsoSafe(inv.due_on)}`;
  await enqueueOutbox(deps.sealer, trx, {
    kind: 'list-bill',
    to: admin.email,
    subject: `Invoice ${inv.number} for ${row.gname}: ${due}`,
    text: [`Your group's invoice for ${inv.period} is attached: ${due}.`, `It is also on your group home, under Invoices.`].join('\n\n'),
    html: `<p>Your group's invoice for ${inv.period} is attached: ${escape(due)}.</p><p>It is also on your group home, under Invoices.</p>`,
    attachments: [{ filename: `invoice-${inv.number}.pdf`, contentType: 'application/pdf', mediaId }],
  });
  await repo.setMailedTo(trx, invoiceId, admin.email);
  return true;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const usToIsoSafe = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The group's invoices, newest first, for its administrator. */
export async function groupInvoiceList(db: Db, groupId: number, now: Date): Promise<TInvoiceList> {
  const rows = await repo.groupInvoices(db, groupId);
  const g = await repo.groupName(db, groupId);
  return { group_id: groupId, gname: g?.gname ?? '', invoices: await invoiceViews(db, rows, todayIso(now)) };
}

/** One invoice of the group as a PDF (404 when it is another group's). */
export async function groupInvoicePdf(db: Db, groupId: number | null, invoiceId: number, now: Date) {
  const row = await repo.invoiceById(db, invoiceId);
  if (!row || (groupId !== null && row.group_id !== groupId)) throw notFound(LIST_BILL_TEXT.INVOICE_NOT_FOUND);
  const [inv] = await invoiceViews(db, [row], todayIso(now));
  return { name: `invoice-${inv.number}.pdf`, pdf: await renderPdf('invoice', row.gname, inv) };
}

/**
 * The operator records a payment received against an invoice (check or ACH, amount, reference, day received): a row of
 * the invoice's payments and one of the ledger, with an audit row, once per form key. A short or over payment leaves
 * the difference in the group's balance, which the next invoice carries. An invoice already carried into a newer one
 * takes no payment (the newer one holds its balance).
 */
export async function recordInvoicePayment(db: Db, accountId: number, invoiceId: number, body: TInvoicePaymentForm, now: Date) {
  const today = todayIso(now);
  const received = usToIso(body.received_on) ?? (/^\d{4}-\d{2}-\d{2}$/.test(body.received_on) ? body.received_on : null);
  if (!received || received > today) throw fieldError('received_on', LIST_BILL_TEXT.PAYMENT_RECEIVED_ON);
  const cents = paymentCents(body.amount);
  return inTransaction(db, async (trx) => {
    if (!(await repo.lockInvoice(trx, invoiceId))) throw notFound(LIST_BILL_TEXT.INVOICE_NOT_FOUND);
    const row = await repo.invoiceById(trx, invoiceId);
    if (!row) throw notFound(LIST_BILL_TEXT.INVOICE_NOT_FOUND);
    const number = invoiceNumber(row.gcode, row.period, row.id);
    const key = `invoice-payment:${invoiceId}:${body.key}`;
    const seen = await repo.invoicePaymentByKey(trx, key);
    if (!seen && row.carried) throw fieldError('invoice_id', LIST_BILL_TEXT.INVOICE_CARRIED);
    const added = await repo.insertInvoicePayment(
      trx,
      {
        invoice_id: invoiceId,
        method: body.method,
        amount_cents: cents,
        reference: body.reference,
        received_on: received,
        recorded_by: accountId,
        idempotency_key: key,
      },
      row.period,
      number,
    );
    if (added)
      await repo.auditPayment(trx, accountId, invoiceId, {
        method: body.method,
        amount_cents: cents,
        reference: body.reference,
        received_on: received,
      });
    const after = await repo.invoiceById(trx, invoiceId);
    const paid = Number(after!.paid_cents);
    return {
      invoice_id: invoiceId,
      paid_cents: paid,
      amount_due_cents: after!.amount_due_cents,
      status: invoiceStatus({ ...after!, paid_cents: paid, carried: !!after!.carried }, today),
    };
  });
}

/** Every group's invoices for the console, newest first (a page of 100). */
export async function consoleInvoices(db: Db, now: Date, groupId?: number) {
  const rows = groupId ? await repo.groupInvoices(db, groupId, 100) : await repo.recentInvoices(db, 100);
  const views = await invoiceViews(db, rows, todayIso(now));
  return views.map((v, i) => ({ ...v, group_id: rows[i].group_id, gname: rows[i].gname }));
}

/** The demo data's paid invoice: the group's newest invoice paid in full, as the operator records a check. */
export async function payDemoInvoice(db: Db, groupId: number, p: { method: 'check' | 'ach'; reference: string; received_on: string }) {
  const [row] = await repo.groupInvoices(db, groupId, 1);
  if (!row) return;
  await repo.insertInvoicePayment(
    db,
    { invoice_id: row.id, ...p, amount_cents: row.amount_due_cents, recorded_by: null, idempotency_key: `invoice-payment:${row.id}:demo` },
    row.period,
    invoiceNumber(row.gcode, row.period, row.id),
  );
}
