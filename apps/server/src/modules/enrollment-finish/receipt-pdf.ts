import { TEXT } from '@store/domain/texts';

export interface ReceiptContent {
  name: string;
  confirmationNumber: string;
  completedOn: string;
  effectiveDate: string | null;
  plans: { plan_name: string; price: string }[];
  initialMonthCost: string;
  recurringMonthCost: string;
  payment: string;
  billDate: number | null;
}

/** The 'Enrollment Receipt' PDF (pdf-lib, standard fonts; text kept to WinAnsi characters). */
export async function renderReceiptPdf(r: ReceiptContent): Promise<Uint8Array> {
  // Loaded when the first receipt is made, not at start-up.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(TEXT.ENROLLMENT_RECEIPT);
  doc.setSubject(`Confirmation ${r.confirmationNumber}`);
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = (s: string) => s.replace(/[^\x20-\x7E]/g, '?');
  let y = 740;
  const line = (text: string, opts: { size?: number; b?: boolean; x?: number } = {}) => {
    page.drawText(safe(text), { x: opts.x ?? 56, y, size: opts.size ?? 11, font: opts.b ? bold : font, color: rgb(0.1, 0.1, 0.15) });
    y -= (opts.size ?? 11) + 8;
  };
  line(TEXT.ENROLLMENT_RECEIPT, { size: 22, b: true });
  y -= 6;
  line(`Dear ${r.name}, Thank you for your enrollment.`);
  line(`Confirmation number: ${r.confirmationNumber}`, { b: true });
  line(`Completed on: ${r.completedOn}`);
  if (r.effectiveDate) line(`Effective date: ${r.effectiveDate}`);
  y -= 8;
  line('Plans', { size: 14, b: true });
  for (const p of r.plans) {
    page.drawText(safe(p.plan_name), { x: 56, y, size: 11, font });
    page.drawText(`$${p.price}`, { x: 460, y, size: 11, font });
    y -= 19;
  }
  y -= 6;
  line(`First Month Total Cost: $${r.initialMonthCost}`, { b: true });
  line(`Recurring Monthly Cost: $${r.recurringMonthCost}`, { b: true });
  y -= 8;
  line(`Payment: ${r.payment}`);
  if (r.billDate) line(`Bill date: ${r.billDate}th of month`);
  y -= 8;
  line('Keep this receipt for your records. Your plan documents follow by e-mail.', { size: 9 });
  return doc.save();
}
