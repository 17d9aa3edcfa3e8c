import { formatCents } from '@store/domain/pricing';
import { INVOICE_LINE_WORDS, INVOICE_STATUS_WORDS, type TInvoice } from '@store/domain/list-bill';
import { isoToUs } from '@store/domain/dates';
import { createPdfWithFonts } from '../../lib/pdf-fonts.ts';

/**
 * A list bill as a PDF (pdf-lib with the store's DejaVu fonts, as the signed application and the ID card): the group,
 * the month, the due date, a line per enrollment and adjustment, the balance carried and the amount due, the payments.
 */
export async function renderInvoicePdf(gname: string, inv: TInvoice): Promise<Uint8Array> {
  const { rgb } = await import('pdf-lib');
  const { doc, font, bold } = await createPdfWithFonts();
  doc.setTitle(`Invoice ${inv.number}`);
  doc.setSubject(`${gname}: list bill for ${inv.period}`);
  doc.setLanguage('en-US');
  let page = doc.addPage([612, 792]);
  let y = 740;
  const ink = rgb(0.1, 0.1, 0.15);
  const text = (s: string, x: number, o: { size?: number; b?: boolean; right?: boolean } = {}) => {
    const f = o.b ? bold : font;
    const size = o.size ?? 10;
    page.drawText(s, { x: o.right ? x - f.widthOfTextAtSize(s, size) : x, y, size, font: f, color: ink });
  };
  const down = (h = 16) => {
    y -= h;
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
  };
  text('Invoice', 56, { size: 22, b: true });
  down(30);
  text(gname, 56, { size: 13, b: true });
  down(20);
  text(`Invoice number: ${inv.number}`, 56);
  down();
  text(`Coverage month: ${inv.period}`, 56);
  down();
  text(`Issued: ${isoToUs(inv.issued_on)}    Due: ${isoToUs(inv.due_on)}`, 56);
  down();
  text(`Status: ${INVOICE_STATUS_WORDS[inv.status]}`, 56);
  down(26);
  text('Employee', 56, { b: true });
  text('Month', 330, { b: true });
  text('Days', 400, { b: true });
  text('Amount', 556, { b: true, right: true });
  down();
  for (const l of inv.lines) {
    const label = l.label.length > 44 ? `${l.label.slice(0, 43)}…` : l.label;
    text(label, 56);
    text(l.covers_period, 330);
    text(String(l.days), 400);
    text(formatCents(l.amount_cents), 556, { right: true });
    down(12);
    text(INVOICE_LINE_WORDS[l.kind], 68, { size: 8 });
    down();
  }
  down(6);
  const total = (label: string, cents: number, b = false) => {
    text(label, 330, { b });
    text(formatCents(cents), 556, { right: true, b });
    down();
  };
  total('This month and adjustments', inv.lines_cents);
  total('Balance carried from earlier invoices', inv.previous_balance_cents);
  total('Amount due', inv.amount_due_cents, true);
  if (inv.payments.length) {
    down(10);
    text('Payments received', 56, { b: true });
    down();
    for (const p of inv.payments) {
      text(`${isoToUs(p.received_on)}  ${p.method === 'check' ? 'Check' : 'ACH'} ${p.reference}`, 56);
      text(formatCents(p.amount_cents), 556, { right: true });
      down();
    }
    total('Paid', inv.paid_cents, true);
  }
  down(10);
  text('A short or over payment is carried to the next invoice.', 56, { size: 9 });
  return doc.save();
}
