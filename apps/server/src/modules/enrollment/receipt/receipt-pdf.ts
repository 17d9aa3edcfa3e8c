import type { TChargeSummary } from '@store/domain/charges';
import { TEXT } from '@store/domain/texts';
import { CARRIER_REVIEW_TEXT } from '@store/domain/health';
import { mailTranslator, type MailLang } from '../../../lib/mail-i18n.ts';
import { chargeTextLines } from './receipt-mail.ts';
import type { TCoveredPerson } from '@store/domain/receipt';
import { RELATIONSHIP_WORDS } from './covered.ts';

export interface ReceiptContent {
  name: string;
  confirmationNumber: string;
  completedOn: string;
  effectiveDate: string | null;
  /** What will be charged (packages/domain charges.ts): the same lines and totals as every screen and the mail. */
  summary: TChargeSummary;
  payment: string;
  /** Paid by card or bank (a schedule of charges), else billed by list. */
  cardOrBank: boolean;
  /** The payment method (cc, eft, list …): a bank debit's first payment is said with its date. */
  method?: string | null;
  /** A Yes to a health question: the carrier reviews the application first (decision 2440). */
  carrierReview?: boolean;
  /** Who is covered (the member, spouse, children). */
  covered?: TCoveredPerson[];
}

/**
 * The 'Enrollment Receipt' PDF in the person's language (pdf-lib, standard fonts; text kept to the Latin-1
 * characters of WinAnsi, which Spanish needs: á, é, ñ, ¿ …).
 */
export async function renderReceiptPdf(r: ReceiptContent, lang: MailLang = 'en'): Promise<Uint8Array> {
  const t = mailTranslator(lang);
  // Loaded when the first receipt is made, not at start-up.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(t(TEXT.ENROLLMENT_RECEIPT));
  doc.setSubject(t('Confirmation {{number}}', { number: r.confirmationNumber }));
  doc.setLanguage(lang === 'es' ? 'es' : 'en-US');
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = (s: string) => s.replace(/[^\x20-\x7E\xA1-\xFF]/g, '?');
  let y = 740;
  const line = (text: string, opts: { size?: number; b?: boolean; x?: number } = {}) => {
    page.drawText(safe(text), { x: opts.x ?? 56, y, size: opts.size ?? 11, font: opts.b ? bold : font, color: rgb(0.1, 0.1, 0.15) });
    y -= (opts.size ?? 11) + 8;
  };
  line(t(TEXT.ENROLLMENT_RECEIPT), { size: 22, b: true });
  y -= 6;
  line(t('Dear {{name}}, Thank you for your enrollment.', { name: r.name }));
  line(t('Confirmation number: {{number}}', { number: r.confirmationNumber }), { b: true });
  line(t('Completed on: {{date}}', { date: r.completedOn }));
  if (r.effectiveDate) line(t('Effective date: {{date}}', { date: r.effectiveDate }));
  if (r.covered?.length) {
    y -= 8;
    line(t('Who is covered'), { size: 14, b: true });
    for (const p of r.covered) line(`${p.name} (${t(RELATIONSHIP_WORDS[p.relationship])})`);
  }
  y -= 8;
  line(t('Plans'), { size: 14, b: true });
  const charges = chargeTextLines(r.summary, t, r.cardOrBank, r.method);
  for (const l of charges.lines) {
    page.drawText(safe(l.label), { x: 56, y, size: 11, font });
    page.drawText(safe(l.amount), { x: 460, y, size: 11, font });
    y -= 19;
    if (l.note) line(l.note, { size: 9, x: 72 });
  }
  y -= 6;
  line(t('First Month Total Cost: ${{amount}}', { amount: r.summary.initial }), { b: true });
  line(t('Recurring Monthly Cost: ${{amount}}', { amount: r.summary.recurring }), { b: true });
  for (const s of charges.schedule) line(s);
  y -= 8;
  line(t('Payment: {{payment}}', { payment: r.payment }));
  y -= 8;
  if (r.carrierReview) {
    // Wrapped to the page's width, word by word.
    let row = '';
    for (const word of safe(t(CARRIER_REVIEW_TEXT)).split(' ')) {
      const next = row ? `${row} ${word}` : word;
      if (bold.widthOfTextAtSize(next, 11) > 500) {
        line(row, { b: true });
        row = word;
      } else row = next;
    }
    if (row) line(row, { b: true });
    y -= 8;
  }
  line(t('Keep this receipt for your records. Your plan documents follow by e-mail.'), { size: 9 });
  return doc.save();
}
