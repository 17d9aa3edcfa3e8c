import { z } from 'zod';
import { graceEndsOn, GRACE_DAYS } from './billing-schedule.ts';
import { addDaysIso } from './dates.ts';
import { AUTHENTICATION_TEXT, ZPaymentAuthentication, type TPaymentAuthentication } from './billing.ts';

/**
 * The ledger's readers (issue 36): the member's Payments, the rep's payment standing of each client, and the operator
 * console's ledger, refund, day totals and NACHA files. Amounts are cents (the ledger's), shown with formatCents.
 */

export const LEDGER_KINDS = ['charge', 'payment', 'decline', 'return', 'refund', 'adjustment'] as const;
export type TLedgerKind = (typeof LEDGER_KINDS)[number];
/** How a row's money is collected: a card, a bank debit (EFT), or the group's invoice (list bill, elist, stmt). */
export const LEDGER_METHODS = ['card', 'eft', 'list_bill'] as const;
export type TLedgerMethod = (typeof LEDGER_METHODS)[number];
export const PAYMENT_STATUSES = ['pending', 'unknown', 'succeeded', 'declined', 'submitted', 'returned', 'failed', 'void'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const LEDGER_TEXT = {
  PAYMENTS: 'Payments',
  QUERY_ONE: 'Give a confirmation number, a member or a day.',
  DATE_FORMAT: 'Enter the day as YYYY-MM-DD.',
  CONFIRMATION_FORMAT: 'Enter a confirmation number.',
  MEMBER_FORMAT: 'Enter a member number or e-mail address.',
  REFUND_TOO_MUCH: 'A refund cannot be more than what was paid and not yet refunded.',
  REFUND_NOT_CARD: 'Only a card payment can be refunded here.',
  REFUND_NOT_PAID: 'This payment was not paid.',
  REFUND_FAILED: 'The payment provider did not make the refund.',
  REFUND_AMOUNT: 'Enter an amount in dollars and cents, more than $0.00.',
  REFUND_REASON: 'Say why the payment is refunded.',
  REFUND_MADE: 'The refund was made.',
  ACH_PURGED: 'This file was deleted after its retention.',
} as const;

// ---------- the payment standing ----------

export const PAYMENT_STANDINGS = ['current', 'retrying', 'in_grace', 'ended'] as const;
export type TPaymentStanding = (typeof PAYMENT_STANDINGS)[number];
export const STANDING_LABELS: Record<TPaymentStanding, string> = {
  current: 'Current',
  retrying: 'Retrying',
  in_grace: 'In grace',
  ended: 'Ended',
};

/** What the standing reads of a payment. */
export interface StandingPayment {
  status: TPaymentStatus;
  due_on: string;
  attempts: number;
}

/**
 * A client's payment standing on `today` from the payments of an enrollment (issue 36): ended once an unpaid
 * payment's grace period is over (or the enrollment ended), in grace once a payment failed for good (no more tries)
 * and its grace runs, retrying while a declined or unanswered payment waits for its next try, else current.
 */
export function paymentStanding(
  payments: readonly StandingPayment[],
  today: string,
  opts: { ended?: boolean; graceDays?: number } = {},
): TPaymentStanding {
  if (opts.ended) return 'ended';
  const grace = opts.graceDays ?? GRACE_DAYS;
  let standing: TPaymentStanding = 'current';
  const rank = { current: 0, retrying: 1, in_grace: 2, ended: 3 } as const;
  for (const p of payments) {
    let s: TPaymentStanding = 'current';
    if (p.status === 'failed' || p.status === 'returned') s = today > graceEndsOn(p.due_on, grace) ? 'ended' : 'in_grace';
    else if (p.status === 'declined' || p.status === 'unknown' || (p.status === 'pending' && p.attempts > 0))
      s = today > graceEndsOn(p.due_on, grace) ? 'ended' : 'retrying';
    if (rank[s] > rank[standing]) standing = s;
  }
  return standing;
}

/** Why a payment failed, as the member reads it (the processor's code or the bank's return reason). */
export function failureText(code: string | null): string {
  if (code === 'insufficient_funds') return 'The card has insufficient funds.';
  if (code === 'authentication_required') return AUTHENTICATION_TEXT.NEEDED;
  if (code === 'no_card') return 'There is no card on file.';
  if (code === 'dispute_lost') return 'The dispute was decided for the cardholder.';
  if (code && /^R\d\d$/.test(code)) return 'The bank returned the debit.';
  return 'The card was declined.';
}

// ---------- the member's Payments ----------

export const ZMemberPaymentLine = z.object({ period: z.string(), amount_cents: z.number().int(), on: z.string() });
export const ZMemberPayments = z.object({
  enrollments: z.array(
    z.object({
      enrollment_id: z.string(),
      confirmation_number: z.string().nullable(),
      payment_label: z.string(),
      /** Card or bank debits the member pays; a group's list bill is paid by the group. */
      method: z.enum(LEDGER_METHODS),
      standing: z.enum(PAYMENT_STANDINGS),
      paid: z.array(ZMemberPaymentLine),
      refunded: z.array(ZMemberPaymentLine),
      next: z.object({ period: z.string(), due_on: z.string(), amount_cents: z.number().int() }).nullable(),
      failed: z
        .object({
          period: z.string(),
          amount_cents: z.number().int(),
          due_on: z.string(),
          reason: z.string(),
          next_try_on: z.string().nullable(),
          grace_ends_on: z.string(),
          /**
           * The card's bank asks its holder to confirm the payment (3-D Secure; decision 2670): the member can confirm
           * it here (this payment's id) instead of changing the card. Null otherwise.
           */
          confirm_payment_id: z.number().int().nullable(),
        })
        .nullable(),
    }),
  ),
});
export type TMemberPayments = z.infer<typeof ZMemberPayments>;

// ---------- a payment the member confirms (3-D Secure) ----------

export const ZPaymentRef = z.object({ payment_id: z.coerce.number().int().positive().max(2_147_483_647) });
// In billing.ts (the billing step's first payment takes them too; decision 2821), named here as before.
export { AUTHENTICATION_TEXT, ZPaymentAuthentication, type TPaymentAuthentication };

// ---------- the rep's payment standing ----------

export const ZRepStandingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const ZRepStandingRow = z.object({
  enrollment_id: z.string(),
  name: z.string(),
  confirmation_number: z.string().nullable(),
  method: z.enum(LEDGER_METHODS),
  standing: z.enum(PAYMENT_STANDINGS),
  /** The unpaid payment's due date when not current. */
  since: z.string().nullable(),
});
export type TRepStandingRow = z.infer<typeof ZRepStandingRow>;

// ---------- the console's ledger ----------

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (s: string) => ISO_DAY.test(s) && addDaysIso(s, 0) === s;

/** One of confirmation, member (its number or e-mail) or date (a US Eastern day, yyyy-mm-dd). */
export const ZLedgerQuery = z
  .object({
    confirmation: z.string().trim().max(40, LEDGER_TEXT.CONFIRMATION_FORMAT).optional(),
    member: z.string().trim().max(254, LEDGER_TEXT.MEMBER_FORMAT).optional(),
    date: z.string().trim().max(10, LEDGER_TEXT.DATE_FORMAT).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.date && !validDay(q.date)) ctx.addIssue({ code: 'custom', path: ['date'], message: LEDGER_TEXT.DATE_FORMAT });
    if (!q.confirmation && !q.member && !q.date) ctx.addIssue({ code: 'custom', path: ['confirmation'], message: LEDGER_TEXT.QUERY_ONE });
  });
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

export const ZLedgerRow = z.object({
  id: z.number(),
  created_at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount_cents: z.number().int(),
  period: z.string(),
  /** The payment's status now (null for a row of no payment). */
  status: z.enum(PAYMENT_STATUSES).nullable(),
  reason: z.string().nullable(),
  method: z.enum(LEDGER_METHODS),
  payment_id: z.number().nullable(),
  enrollment_id: z.string().nullable(),
  confirmation_number: z.string().nullable(),
  member: z.string().nullable(),
});
export type TLedgerRow = z.infer<typeof ZLedgerRow>;

/** Sums of the rows per kind, for one method. */
export const ZLedgerTotals = z.object(
  Object.fromEntries(LEDGER_KINDS.map((k) => [k, z.number().int()])) as Record<TLedgerKind, z.ZodNumber>,
);
export type TLedgerTotals = z.infer<typeof ZLedgerTotals>;

export const ZLedgerAnswer = z.object({
  rows: z.array(ZLedgerRow),
  /** More rows than the page holds: the CSV has them all. */
  truncated: z.boolean(),
  totals: z.object({ card: ZLedgerTotals, eft: ZLedgerTotals, list_bill: ZLedgerTotals }),
});
export type TLedgerAnswer = z.infer<typeof ZLedgerAnswer>;

export const emptyTotals = (): TLedgerTotals => ({ charge: 0, payment: 0, decline: 0, return: 0, refund: 0, adjustment: 0 });

/** The sums of rows per method and kind (the page's totals are these, summed by the database over every row). */
export function totalsOf(rows: readonly Pick<TLedgerRow, 'method' | 'kind' | 'amount_cents'>[]) {
  const out = { card: emptyTotals(), eft: emptyTotals(), list_bill: emptyTotals() };
  for (const r of rows) out[r.method][r.kind] += r.amount_cents;
  return out;
}

export const LEDGER_CSV_HEADERS = [
  'Row',
  'Recorded',
  'Kind',
  'Amount',
  'Billing period',
  'Status',
  'Reason',
  'Method',
  'Confirmation number',
  'Member',
] as const;

const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
/** A refund of a card payment: the amount in dollars ("12.50"), why, and the form's key (one refund however often sent). */
export const ZRefundRequest = z.object({
  payment_id: z.coerce.number().int().positive().max(2_147_483_647),
  amount: z
    .string()
    .trim()
    .regex(MONEY, LEDGER_TEXT.REFUND_AMOUNT)
    .refine((s) => Number(s) > 0, LEDGER_TEXT.REFUND_AMOUNT),
  reason: z.string().trim().min(1, LEDGER_TEXT.REFUND_REASON).max(200, LEDGER_TEXT.REFUND_REASON),
  key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
});
export type TRefundRequestIn = z.input<typeof ZRefundRequest>;

/** Cents of an amount in dollars already checked by ZRefundRequest (integer arithmetic). */
export function amountToCents(amount: string): number {
  const [whole, part = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

export const ZRefundAnswer = z.object({ ledger_id: z.number(), amount_cents: z.number().int(), refunded_cents: z.number().int() });

// ---------- the NACHA files ----------

/**
 * Where a NACHA file is on its way to the bank (decision 2521, the console's list; decision 2670): kept in ACH_OUT_DIR
 * for the bank or an operator (`folder`), waiting for its first upload to the bank's SFTP server, delivered (when),
 * retrying after failed uploads (how many, the last error), or failed: the uploads failed as often as the operator is
 * alerted after (CARRIER_DELIVERY_FLAG_AFTER; the tries go on), or the retention deleted the file before it went.
 */
export const ZAchDelivery = z.discriminatedUnion('status', [
  z.object({ status: z.literal('folder') }),
  z.object({ status: z.literal('waiting') }),
  z.object({ status: z.literal('delivered'), at: z.string() }),
  z.object({ status: z.literal('retrying'), attempts: z.number().int(), error: z.string() }),
  z.object({ status: z.literal('failed'), attempts: z.number().int(), error: z.string() }),
]);
export type TAchDelivery = z.infer<typeof ZAchDelivery>;

/** A file's delivery status from its columns and the bank's delivery method (pure; the server and its tests use it). */
export function achDeliveryOf(
  f: { delivered_at: string | null; delivery_attempts: number; delivery_error: string | null; purged_at: string | null },
  method: 'folder' | 'sftp',
  flagAfter: number,
): TAchDelivery {
  if (f.delivered_at) return { status: 'delivered', at: f.delivered_at };
  const error = f.delivery_error ?? '';
  if (f.delivery_attempts > 0) {
    const failed = f.delivery_attempts >= flagAfter || f.purged_at !== null;
    return { status: failed ? 'failed' : 'retrying', attempts: f.delivery_attempts, error };
  }
  if (method === 'folder') return { status: 'folder' };
  return f.purged_at ? { status: 'failed', attempts: 0, error: ACH_DELIVERY_TEXT.DELETED_UNSENT } : { status: 'waiting' };
}

/** The console's words for a file's delivery (the web shows them; Spanish in the locales). */
export const ACH_DELIVERY_TEXT = {
  folder: 'In the folder for the bank',
  waiting: 'Waiting to be sent',
  delivered: 'Delivered {{at}}',
  retrying: 'Retrying ({{attempts}} failed tries): {{error}}',
  failed: 'Failed ({{attempts}} tries): {{error}}',
  DELETED_UNSENT: 'Deleted by the retention before it was sent.',
} as const;

export const ZAchFileRow = z.object({
  id: z.number(),
  file_name: z.string(),
  created_on: z.string(),
  effective_on: z.string(),
  entry_count: z.number().int(),
  total_cents: z.number().int(),
  keep_until: z.string(),
  purged_at: z.string().nullable(),
  delivery: ZAchDelivery,
});
export type TAchFileRow = z.infer<typeof ZAchFileRow>;
export const ZAchFileList = z.object({
  items: z.array(ZAchFileRow),
  totals: z.object({ files: z.number().int(), entries: z.number().int(), total_cents: z.number().int() }),
  retention_days: z.number().int(),
});
export type TAchFileList = z.infer<typeof ZAchFileList>;
export const ZAchSettingsForm = z.object({
  retention_days: z.coerce
    .number()
    .int('Enter a whole number of days from 1 to 3650.')
    .min(1, 'Enter a whole number of days from 1 to 3650.')
    .max(3650, 'Enter a whole number of days from 1 to 3650.'),
});
