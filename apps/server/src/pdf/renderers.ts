import { renderReceiptPdf } from '../modules/enrollment/receipt/receipt-pdf.ts';
import { renderSignedApplicationPdf } from '../modules/enrollment/documents/signed-application-pdf.ts';
import { renderInvoicePdf } from '../modules/billing/invoice-pdf.ts';
import { renderStatementPdf } from '../modules/commissions/statement-pdf.ts';
import { renderIdCardPdf } from '../modules/member-home/id-card.ts';
import { renderWarmUpPdf } from './warm-up.ts';

/**
 * Every PDF the store makes, by name: what the PDF threads (pdf-worker.ts) run. Each takes plain values (copied to the
 * thread) and returns the PDF's bytes; none reads the database (docs/decisions/2840-pdfs-rendered-in-worker-threads.md).
 * Only the threads import this file: the store's main thread renders through pool.ts.
 */
export const PDF_RENDERERS = {
  receipt: renderReceiptPdf,
  'signed-application': renderSignedApplicationPdf,
  invoice: renderInvoicePdf,
  statement: renderStatementPdf,
  'id-card': renderIdCardPdf,
  'warm-up': renderWarmUpPdf,
} satisfies Record<string, (...args: never[]) => Promise<Uint8Array>>;

export type PdfKind = keyof typeof PDF_RENDERERS;
export type PdfArgs<K extends PdfKind> = Parameters<(typeof PDF_RENDERERS)[K]>;
