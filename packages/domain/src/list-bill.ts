import { z } from 'zod';
import { addMonths, billDateOf } from './billing-schedule.ts';
import { amountToCents } from './ledger.ts';

/**
 * Issue 39, list bills: a group whose employees pay by list bill (list, elist, stmt) gets one invoice per month on its
 * bill day. The money of an invoice is computed here, in cents: a line per enrollment for the month billed, and for
 * the months billed before, the difference between what the coverage owes now and what was billed (an employee added
 * or ended since the last invoice), prorated by the day.
 */

/**
 * A group's bill day (decision 2642): a day of the month from 1 to 31; in a shorter month the bill is
 * made on its last day (billDateOf). Edited in the console's group page.
 */
export const BILL_DAY = { min: 1, max: 31 } as const;
export const BILL_DAY_TEXT = 'Enter the bill day as a day of the month from 1 to 31.';
/** The bill day as the console's form and API take it; absent keeps the group's (a new group's is the 1st). */
export const zBillDay = z
  .preprocess(
    (v) => (v === '' || v === null ? Number.NaN : v),
    z.coerce
      .number({ error: BILL_DAY_TEXT })
      .int({ error: BILL_DAY_TEXT })
      .min(BILL_DAY.min, { error: BILL_DAY_TEXT })
      .max(BILL_DAY.max, { error: BILL_DAY_TEXT }),
  )
  .optional();

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (period: string) => {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};
const nextPeriod = (period: string) => addMonths(`${period}-01`, 1).slice(0, 7);

/**
 * The cents of `days` first days of a month of `daysInMonth` days, rounded: a month's days cut anywhere into pieces
 * sum to the monthly amount exactly (each piece is a difference of two of these).
 */
const cumulative = (monthlyCents: number, days: number, daysInMonth: number) => Math.round((monthlyCents * days) / daysInMonth);

/**
 * What a coverage from `startsOn` through `endsOn` (inclusive; null: not ended) owes for the month `period`: the
 * monthly amount for the whole month, a share by the day for part of it, 0 outside it. Returns the days covered too.
 */
export function owedForPeriod(
  monthlyCents: number,
  startsOn: string,
  endsOn: string | null,
  period: string,
): { days: number; cents: number } {
  const dim = daysIn(period);
  const first = `${period}-01`;
  const last = `${period}-${pad(dim)}`;
  const from = startsOn > first ? startsOn : first;
  const through = endsOn !== null && endsOn < last ? endsOn : last;
  if (from > through) return { days: 0, cents: 0 };
  const a = Number(from.slice(8, 10));
  const b = Number(through.slice(8, 10));
  return { days: b - a + 1, cents: cumulative(monthlyCents, b, dim) - cumulative(monthlyCents, a - 1, dim) };
}

/** The month an invoice made on `day` bills: the next month once the month's bill date is reached, else this month. */
export function invoicePeriodOn(day: string, billDay: number): string {
  const month = day.slice(0, 7);
  return day >= billDateOf(month, billDay) ? nextPeriod(month) : month;
}

/** An invoice's due date: the first day of the month it bills. */
export const invoiceDueOn = (period: string) => `${period}-01`;

export interface ListBillEnrollment {
  enrollment_id: string;
  label: string;
  monthly_cents: number;
  starts_on: string;
  /** The last day of coverage, or null while it runs. */
  ends_on: string | null;
}

export const INVOICE_LINE_KINDS = ['premium', 'added', 'ended'] as const;
export type TInvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export interface InvoiceLineDraft {
  enrollment_id: string;
  label: string;
  /** The month this line's coverage is in. */
  covers_period: string;
  kind: TInvoiceLineKind;
  /** Days of that month the coverage owes (the whole month on a full premium line). */
  days: number;
  amount_cents: number;
}

/** Months before the billed one looked back at for additions and ends (a year). */
export const ADJUSTMENT_MONTHS = 12;

/**
 * The lines of a group's invoice for `period`. `firstPeriod` is the month of the group's first invoice (this one's
 * when it is the first: nothing before it is billed); `billed` is what earlier invoices billed per
 * `enrollment:month`. For the month billed, a premium line of what the coverage owes (all of it, or its days);
 * for each earlier month since `firstPeriod`, what it owes now less what was billed: more is an employee added since
 * (kind 'added'), less one ended since ('ended', negative). Nothing owed and nothing billed makes no line.
 */
export function listBillLines(
  period: string,
  firstPeriod: string,
  enrollments: readonly ListBillEnrollment[],
  billed: ReadonlyMap<string, number>,
): InvoiceLineDraft[] {
  const since = addMonths(`${period}-01`, -ADJUSTMENT_MONTHS).slice(0, 7);
  const from = firstPeriod > since ? firstPeriod : since;
  const out: InvoiceLineDraft[] = [];
  for (const e of enrollments) {
    for (let q = from; q <= period; q = nextPeriod(q)) {
      const owed = owedForPeriod(e.monthly_cents, e.starts_on, e.ends_on, q);
      const before = billed.get(`${e.enrollment_id}:${q}`) ?? 0;
      const diff = owed.cents - before;
      if (q === period) {
        if (owed.cents === 0 && before === 0) continue;
        out.push({
          enrollment_id: e.enrollment_id,
          label: e.label,
          covers_period: q,
          kind: 'premium',
          days: owed.days,
          amount_cents: diff,
        });
      } else if (diff !== 0) {
        const kind = diff > 0 ? 'added' : 'ended';
        out.push({ enrollment_id: e.enrollment_id, label: e.label, covers_period: q, kind, days: owed.days, amount_cents: diff });
      }
    }
  }
  return out;
}

// ---------- what the group home and the console show ----------

export const INVOICE_STATUSES = ['open', 'paid', 'overdue', 'carried'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * An invoice's status: paid once its payments reach the amount due; carried when a newer invoice took over its
 * balance (short or over); overdue after its due date; else open.
 */
export function invoiceStatus(i: { amount_due_cents: number; paid_cents: number; due_on: string; carried: boolean }, today: string) {
  if (i.paid_cents >= i.amount_due_cents) return 'paid' as const;
  if (i.carried) return 'carried' as const;
  return i.due_on < today ? ('overdue' as const) : ('open' as const);
}

export const LIST_BILL_TEXT = {
  INVOICES: 'Invoices',
  NO_INVOICES: 'No invoices yet. Your group is billed on its bill day each month.',
  PAYMENT_AMOUNT: 'Enter the amount received in dollars and cents, more than $0.00.',
  PAYMENT_METHOD: 'Choose check or ACH.',
  PAYMENT_REFERENCE: 'Enter the check number or the ACH trace (up to 40 letters, digits or dashes).',
  PAYMENT_RECEIVED_ON: 'Enter the day the payment was received (MM/DD/YYYY), not in the future.',
  PAYMENT_RECORDED: 'Payment recorded',
  INVOICE_CARRIED: "This invoice's balance was carried to a newer invoice; record the payment against the newest.",
  INVOICE_NOT_FOUND: 'Invoice not found.',
} as const;

export const INVOICE_STATUS_WORDS: Record<TInvoiceStatus, string> = {
  open: 'Open, not yet due',
  paid: 'Paid in full',
  overdue: 'Overdue',
  carried: 'Balance carried to the next invoice',
};

export const INVOICE_LINE_WORDS: Record<TInvoiceLineKind, string> = {
  premium: 'Premium',
  added: 'Added since the last invoice',
  ended: 'Ended since the last invoice',
};

export const ZInvoiceLine = z.object({
  label: z.string(),
  kind: z.enum(INVOICE_LINE_KINDS),
  covers_period: z.string(),
  days: z.number().int(),
  amount_cents: z.number().int(),
});
export const ZInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  period: z.string(),
  issued_on: z.string(),
  due_on: z.string(),
  previous_balance_cents: z.number().int(),
  lines_cents: z.number().int(),
  amount_due_cents: z.number().int(),
  paid_cents: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  lines: z.array(ZInvoiceLine),
  payments: z.array(
    z.object({ method: z.enum(['check', 'ach']), amount_cents: z.number().int(), reference: z.string(), received_on: z.string() }),
  ),
});
export type TInvoice = z.infer<typeof ZInvoice>;
export const ZInvoiceList = z.object({ group_id: z.number().int(), gname: z.string(), invoices: z.array(ZInvoice) });
export type TInvoiceList = z.infer<typeof ZInvoiceList>;

const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
/** The operator's payment against an invoice: check or ACH, the amount in dollars, the reference, the day received. */
export const ZInvoicePaymentForm = z.object({
  method: z.enum(['check', 'ach'], { error: LIST_BILL_TEXT.PAYMENT_METHOD }),
  amount: z
    .string({ error: LIST_BILL_TEXT.PAYMENT_AMOUNT })
    .trim()
    .regex(MONEY, LIST_BILL_TEXT.PAYMENT_AMOUNT)
    .refine((s) => Number(s) > 0, LIST_BILL_TEXT.PAYMENT_AMOUNT),
  reference: z
    .string({ error: LIST_BILL_TEXT.PAYMENT_REFERENCE })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,40}$/, LIST_BILL_TEXT.PAYMENT_REFERENCE),
  received_on: z
    .string({ error: LIST_BILL_TEXT.PAYMENT_RECEIVED_ON })
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4})$/, LIST_BILL_TEXT.PAYMENT_RECEIVED_ON),
  key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
});
export type TInvoicePaymentForm = z.infer<typeof ZInvoicePaymentForm>;
export const paymentCents = amountToCents;
export const ZInvoicePaymentAnswer = z.object({
  invoice_id: z.number().int(),
  paid_cents: z.number().int(),
  amount_due_cents: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
});

/** An invoice's number as printed: the group's code, the month, the invoice id. */
export const invoiceNumber = (gcode: string, period: string, id: number) => `${gcode}-${period.replace('-', '')}-${id}`;

/* ---------- a group's payments allocated to its members (decision 2641) ---------- */

/** An invoice's lines in order, for the allocation: each line's id and amount (negative: a credit). */
export interface AllocInvoice {
  lines: { id: number; amount_cents: number }[];
}

/** `total` split over `weights` in proportion, in whole cents summing to `total` exactly (largest remainders). */
export function splitInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map((x) => Math.trunc(x));
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: Math.abs(x - Math.trunc(x)) })).sort((a, b) => b.r - a.r || a.i - b.i);
  const step = Math.sign(left);
  for (let k = 0; left !== 0 && k < order.length * 2; k++) {
    out[order[k % order.length].i] += step;
    left -= step;
  }
  return out;
}

/**
 * What a group's payments have collected of each invoice line (decision 2641). Credits first: an invoice whose lines
 * net to zero or less is collected whole, and its credit joins the money received. The money then pays the other
 * invoices oldest first, each in full before the next; an invoice paid in part has each of its lines collected in
 * proportion to its amount (cents by largest remainders, so the lines sum to what the invoice got). Money beyond every
 * invoice stays the group's credit. Returns the cents collected by line id.
 */
export function allocateGroupPayments(invoicesOldestFirst: readonly AllocInvoice[], paidCents: number): Map<number, number> {
  const out = new Map<number, number>();
  const total = (inv: AllocInvoice) => inv.lines.reduce((a, l) => a + l.amount_cents, 0);
  let money = paidCents;
  for (const inv of invoicesOldestFirst)
    if (total(inv) <= 0) {
      for (const l of inv.lines) out.set(l.id, l.amount_cents);
      money -= total(inv);
    }
  for (const inv of invoicesOldestFirst) {
    const t = total(inv);
    if (t <= 0) continue;
    const applied = Math.max(0, Math.min(money, t));
    money -= applied;
    const shares =
      applied === t
        ? inv.lines.map((l) => l.amount_cents)
        : splitInProportion(
            applied,
            inv.lines.map((l) => l.amount_cents),
          );
    inv.lines.forEach((l, i) => out.set(l.id, shares[i]));
  }
  return out;
}
