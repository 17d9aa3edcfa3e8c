import { z } from 'zod';
import { ZInvoice, ZInvoiceList, ZInvoicePaymentAnswer, ZInvoicePaymentForm } from '../list-bill.ts';
import { ZInvoicePaymentReversalAnswer, ZInvoicePaymentReversalForm } from '../list-bill-reversal.ts';
import { endpoint } from './endpoint.ts';
import { zId } from './params.ts';

/** Issue 39: list bills. The schemas live in ../list-bill.ts (the web imports them from there). */
export * from '../list-bill.ts';
export * from '../list-bill-reversal.ts';

const ZInvoiceParams = z.object({ id: zId });

/** The signed-in group administrator's invoices, newest first, each with its lines and payments. */
export const getGroupInvoices = endpoint({
  method: 'GET',
  path: '/api/v1/group-home/invoices',
  summary: "Get the group's invoices",
  tags: ['group-home'],
  response: ZInvoiceList,
});

/** One of the group's invoices as a PDF (application/pdf). */
export const getGroupInvoicePdf = endpoint({
  method: 'GET',
  path: '/api/v1/group-home/invoices/:id/pdf',
  summary: "Download an invoice's PDF",
  tags: ['group-home'],
  params: ZInvoiceParams,
});

/** Every group's invoices (or one group's), newest first, for the console. */
export const listInvoices = endpoint({
  method: 'GET',
  path: '/api/admin/invoices',
  summary: 'List the list bills',
  tags: ['admin'],
  query: z.object({ group_id: zId.optional() }),
  response: z.array(ZInvoice.extend({ group_id: z.number().int(), gname: z.string() })),
});

/** A payment received against an invoice (check or ACH; a ledger row; audited; once per form key). */
export const recordInvoicePayment = endpoint({
  method: 'POST',
  path: '/api/admin/invoices/:id/payments',
  summary: 'Record a payment against an invoice',
  tags: ['admin'],
  params: ZInvoiceParams,
  body: ZInvoicePaymentForm,
  response: ZInvoicePaymentAnswer,
});

/** The operator reverses a group's payment (a bounced check, a returned ACH): a fresh second factor, as refunds. */
export const reverseInvoicePayment = endpoint({
  method: 'POST',
  path: '/api/admin/invoices/:id/payment-reversals',
  summary: "Reverse a group's payment (bounced check, returned ACH)",
  tags: ['admin'],
  params: ZInvoiceParams,
  body: ZInvoicePaymentReversalForm,
  response: ZInvoicePaymentReversalAnswer,
});
