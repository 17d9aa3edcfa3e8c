import { PdfWriter } from '../modules/enrollment/documents/pdf-writer.ts';

/**
 * The PDF a thread renders when it starts (pool.ts `warmPdfThreads`): pdf-lib and fontkit loaded, DejaVu Sans regular
 * and bold parsed and laid out, English and Spanish characters, so that the first receipt after a start does not pay
 * for them (the chaos harness measured first completions of 4.6 to 7.3 s under load against about 0.6 s after).
 */
export async function renderWarmUpPdf(): Promise<Uint8Array> {
  const w = await PdfWriter.create();
  w.heading('Benefit store');
  w.text('Año, solicitud, información: $0.00', { b: true });
  w.text('Año, solicitud, información: $0.00');
  return w.doc.save();
}
