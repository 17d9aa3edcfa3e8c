import { z } from 'zod';
import { INVOICE_STATUSES } from './list-bill.ts';

/**
 * Issue 39, a group's payment reversed (decision 2812): a check that bounced or an ACH credit returned. The operator
 * names the payment by its reference on the invoice (the check number or ACH trace) and says why; the whole payment is
 * reversed, once.
 */
export const REVERSAL_TEXT = {
  REFERENCE: 'No payment with this reference on this invoice is left to reverse.',
  REASON: 'Say why the payment is reversed (up to 200 characters).',
  REVERSED: 'Payment reversed',
} as const;

export const ZInvoicePaymentReversalForm = z.object({
  reference: z
    .string({ error: REVERSAL_TEXT.REFERENCE })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,40}$/, REVERSAL_TEXT.REFERENCE),
  reason: z.string({ error: REVERSAL_TEXT.REASON }).trim().min(1, REVERSAL_TEXT.REASON).max(200, REVERSAL_TEXT.REASON),
  key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
});
export type TInvoicePaymentReversalForm = z.infer<typeof ZInvoicePaymentReversalForm>;

export const ZInvoicePaymentReversalAnswer = z.object({
  invoice_id: z.number().int(),
  reversed_cents: z.number().int(),
  paid_cents: z.number().int(),
  amount_due_cents: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
});
