import { formatCents } from '@store/domain/pricing';
import { isoToUs } from '@store/domain/dates';
import { COMMISSION_KIND_WORDS, percentOf, type TCommissionLine } from '@store/domain/commissions';
import { createPdfWithFonts } from '../../lib/pdf-fonts.ts';

export interface StatementForPrint {
  rep: string;
  agency: string;
  npn: string | null;
  month: string;
  issued_on: string;
  total_cents: number;
  lines: TCommissionLine[];
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * A rep's commission statement as a PDF (pdf-lib with the store's DejaVu fonts, as the list bill): the rep, the month,
 * a line per commission, override and charge-back (member, plan, coverage month, premium, rate, amount) and the total.
 */
export async function renderStatementPdf(s: StatementForPrint): Promise<Uint8Array> {
  const { rgb } = await import('pdf-lib');
  const { doc, font, bold } = await createPdfWithFonts();
  doc.setTitle(`Commission statement ${s.month}`);
  doc.setSubject(`${s.rep}: commissions for ${s.month}`);
  doc.setLanguage('en-US');
  let page = doc.addPage([612, 792]);
  let y = 740;
  const ink = rgb(0.1, 0.1, 0.15);
  const text = (t: string, x: number, o: { size?: number; b?: boolean; right?: boolean } = {}) => {
    const f = o.b ? bold : font;
    const size = o.size ?? 9;
    page.drawText(t, { x: o.right ? x - f.widthOfTextAtSize(t, size) : x, y, size, font: f, color: ink });
  };
  const down = (h = 14) => {
    y -= h;
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
  };
  text('Commission statement', 56, { size: 20, b: true });
  down(28);
  text(s.rep, 56, { size: 12, b: true });
  down(18);
  if (s.agency) {
    text(`Agency: ${s.agency}`, 56, { size: 10 });
    down();
  }
  if (s.npn) {
    text(`National producer number: ${s.npn}`, 56, { size: 10 });
    down();
  }
  text(`Month: ${s.month}    Issued: ${isoToUs(s.issued_on)}`, 56, { size: 10 });
  down(24);
  text('Member', 56, { b: true });
  text('Plan', 190, { b: true });
  text('Month', 330, { b: true });
  text('Premium', 430, { b: true, right: true });
  text('Rate', 480, { b: true, right: true });
  text('Amount', 556, { b: true, right: true });
  down();
  for (const l of s.lines) {
    text(cut(l.member || '—', 26), 56);
    text(cut(l.plan_name, 26), 190);
    text(l.period, 330);
    text(l.basis_cents ? formatCents(l.basis_cents) : '', 430, { right: true });
    text(l.rate_bp === null ? '' : percentOf(l.rate_bp), 480, { right: true });
    text(formatCents(l.amount_cents), 556, { right: true });
    down(11);
    const who = l.kind === 'override' ? ` (written by ${l.writing_rep})` : '';
    text(`${COMMISSION_KIND_WORDS[l.kind]}${who}${l.confirmation_number ? `, ${l.confirmation_number}` : ''}`, 68, { size: 7.5 });
    down();
  }
  down(6);
  text('Total', 430, { b: true, size: 11 });
  text(formatCents(s.total_cents), 556, { b: true, right: true, size: 11 });
  down(22);
  text('Commissions are paid on premium collected, less the association membership and the administrative fee.', 56, { size: 8 });
  return doc.save();
}
