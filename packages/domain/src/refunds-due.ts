import { z } from 'zod';

/**
 * Refunds left to the operator (issue 38, decision 2871): a merged open enrollment choice's month (or membership fee)
 * the card processor refused, did not answer at the job's last try, or a bank debit the bank has already. The
 * console's dashboard lists them under what needs the operator; the operator refunds by hand (the ledger page, or the
 * bank) and marks each settled with a note. English here; Spanish in the web's locales/es/refunds-due.json.
 */
export const REFUNDS_DUE_TEXT = {
  TITLE: 'Refunds due',
  TOTAL: 'Total due',
  SINCE: 'due since',
  WHY_REFUSED: 'The card processor refused the refund',
  WHY_NO_ANSWER: 'The card processor did not answer',
  WHY_BANK_DEBIT: 'Bank debit already sent: return it by the bank',
  PART_PLAN: 'first month of a merged plan',
  PART_MEMBERSHIP: 'membership fee of a merged choice',
  SETTLE: 'Mark settled',
  NOTE: 'Note (how it was refunded)',
  SETTLED: 'Marked settled.',
  ALREADY_SETTLED: 'This refund was marked settled already.',
} as const;

export const REFUND_DUE_WHY = ['refused', 'no_answer', 'bank_debit'] as const;
export type TRefundDueWhy = (typeof REFUND_DUE_WHY)[number];
export const refundDueWhyText = (why: TRefundDueWhy) =>
  why === 'refused' ? REFUNDS_DUE_TEXT.WHY_REFUSED : why === 'no_answer' ? REFUNDS_DUE_TEXT.WHY_NO_ANSWER : REFUNDS_DUE_TEXT.WHY_BANK_DEBIT;

export const ZRefundDue = z.object({
  id: z.number().int(),
  enrollment_id: z.string(),
  confirmation_number: z.string().nullable(),
  /** The member's name (null: no member row). */
  member: z.string().nullable(),
  /** The merged plan (null for the membership fee). */
  plan_name: z.string().nullable(),
  part: z.enum(['plan', 'membership']),
  amount_cents: z.number().int(),
  why: z.enum(REFUND_DUE_WHY),
  /** The processor's message, when it gave one. */
  message: z.string().nullable(),
  /** ISO instant: due since. */
  since: z.string(),
});
export type TRefundDue = z.infer<typeof ZRefundDue>;

export const ZRefundsDueTile = z.object({ count: z.number().int(), cents: z.number().int(), items: z.array(ZRefundDue) });

/** The operator's settlement: a note of how it was refunded (the operator is the signed-in account). */
export const ZRefundDueSettleIn = z.object({ note: z.string().trim().min(1, 'Field is required').max(500) });
export type TRefundDueSettleIn = z.infer<typeof ZRefundDueSettleIn>;

export const ZRefundDueSettled = z.object({
  id: z.number().int(),
  settled_at: z.string(),
  settled_by: z.string(),
  note: z.string(),
});
