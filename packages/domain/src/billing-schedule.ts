import { nextBankDay } from './bank-days.ts';
import { addDaysIso } from './dates.ts';

/**
 * When each payment of an enrollment is due and what it pays for: the one schedule the billing step, the receipt, the
 * payment authorization and the billing run read (issue 36). Pure; dates are yyyy-mm-dd in US Eastern time, as
 * decisions.md fixes "today".
 *
 * - Coverage is paid month by month from its start (`starts_on`): period k runs from the start plus k months to the
 *   day before the start plus k + 1 months (a start on the 31st counts from the last day of shorter months).
 * - Payment 0 is the first payment, taken on the day of enrollment (`first_charge_on`); it pays period 0.
 * - Payment k (k ≥ 1) is due on the k-th bill date from `recurring_from` (the bill day, or the month's last day when
 *   the month is shorter): it pays period k. The bill dates fall one a month, in consecutive months. A charge summary
 *   (charges.ts) is a schedule: its fields are these.
 * - A period is named by the month its coverage begins (yyyy-mm): one payment per enrollment and period, the key the
 *   database holds unique.
 * - A bank debit (EFT) is due on the same dates as a card charge: the billing run of its due day puts it in that day's
 *   NACHA file, effective the next bank day (`debitSentOn`, `debitSettlesOn`). The first payment, due on the day of
 *   enrollment after that day's run, goes in the next day's file: it reaches the account within
 *   FIRST_DEBIT_WITHIN_DAYS of enrollment (`firstDebitBy`). The chosen bill date wins over the specification's EFT
 *   windows (decision 2520): every text of the billing step, the receipt, the authorization, the PDF and the mail
 *   says these dates.
 */
export interface PaymentSchedule {
  first_charge_on: string;
  starts_on: string;
  recurring_from: string;
  bill_day: number;
}

export interface ScheduledPayment {
  /** 0 for the first payment, then 1, 2, … */
  index: number;
  /** The billing period: the month in which the coverage this payment pays begins (yyyy-mm). */
  period: string;
  due_on: string;
  /** The coverage this payment pays: from … through (inclusive). */
  covers_from: string;
  covers_through: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];

/** The day `months` months after `iso`, on `anchorDay` (its own day by default), capped at that month's length. */
export function addMonths(iso: string, months: number, anchorDay?: number): string {
  const [y, m, d] = parts(iso);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${year}-${pad(month)}-${pad(Math.min(anchorDay ?? d, daysIn(year, month)))}`;
}

/** The bill date of a month (yyyy-mm): the bill day, or the month's last day when the month is shorter. */
export function billDateOf(month: string, billDay: number): string {
  const [y, m] = parts(month);
  return `${y}-${pad(m)}-${pad(Math.min(billDay, daysIn(y, m)))}`;
}

/** Whether `day` is a bill date for this bill day (a bill day of 29, 30 or 31 falls on a shorter month's last day). */
export const isBillDate = (day: string, billDay: number): boolean => billDateOf(day.slice(0, 7), billDay) === day;

/** The first bill date strictly after `afterIso` (the first monthly payment of a coverage starting that day). */
export function nextBillDate(afterIso: string, billDay: number): string {
  const same = billDateOf(afterIso.slice(0, 7), billDay);
  return same > afterIso ? same : billDateOf(addMonths(`${afterIso.slice(0, 7)}-01`, 1), billDay);
}

/** Payment `index` of the schedule: when it is due and which coverage it pays. */
export function scheduledPayment(s: PaymentSchedule, index: number): ScheduledPayment {
  const anchor = parts(s.starts_on)[2];
  const from = addMonths(s.starts_on, index, anchor);
  const [ry, rm] = parts(s.recurring_from);
  const due = index === 0 ? s.first_charge_on : billDateOf(addMonths(`${ry}-${pad(rm)}-01`, index - 1), s.bill_day);
  return {
    index,
    period: from.slice(0, 7),
    due_on: due,
    covers_from: from,
    covers_through: addDaysIso(addMonths(s.starts_on, index + 1, anchor), -1),
  };
}

/**
 * The recurring payments due on or before `through` (index 1 onwards), oldest first. The billing run charges each one
 * that has no charge yet: a day run twice finds them charged, and a run after downtime catches up each missed period
 * once. `limit` bounds the list (a schedule looked at years later).
 */
export function paymentsDueThrough(s: PaymentSchedule, through: string, limit = 1200): ScheduledPayment[] {
  const out: ScheduledPayment[] = [];
  for (let i = 1; i <= limit; i++) {
    const p = scheduledPayment(s, i);
    if (p.due_on > through) break;
    out.push(p);
  }
  return out;
}

/** The next payment due strictly after `day` (the member's "what is due next and when"). */
export function nextPaymentAfter(s: PaymentSchedule, day: string): ScheduledPayment {
  let i = 1;
  while (scheduledPayment(s, i).due_on <= day) i++;
  return scheduledPayment(s, i);
}

/** The day a bank debit is sent to the bank (its NACHA file's day): its due day, the day after for the first payment. */
export const debitSentOn = (p: Pick<ScheduledPayment, 'index' | 'due_on'>): string => (p.index === 0 ? addDaysIso(p.due_on, 1) : p.due_on);

/** The day a bank debit reaches the account: the file's effective entry date, the next bank day after it is sent. */
export const debitSettlesOn = (p: Pick<ScheduledPayment, 'index' | 'due_on'>): string => nextBankDay(debitSentOn(p));

/** The first debit reaches the account at the latest this many days after enrollment (the EFT terms' promise). */
export const FIRST_DEBIT_WITHIN_DAYS = 5;

/** The day the first debit of an enrollment made on `firstChargeOn` reaches the account. */
export const firstDebitBy = (firstChargeOn: string): string => debitSettlesOn({ index: 0, due_on: firstChargeOn });

/** Days after a declined card payment's due date on which it is tried again (Stripe's smart retries' common shape). */
export const CARD_RETRY_DAYS = [3, 5, 7] as const;
/** Days after an unpaid due date before the coverage ends (a setting; this is its default). */
export const GRACE_DAYS = 31;

/** The dates a declined payment due on `dueOn` is tried again. */
export const retryDates = (dueOn: string): string[] => CARD_RETRY_DAYS.map((d) => addDaysIso(dueOn, d));

/** The day the grace period of a payment due on `dueOn` ends: unpaid then, the coverage ends. */
export const graceEndsOn = (dueOn: string, graceDays: number = GRACE_DAYS): string => addDaysIso(dueOn, graceDays);

/**
 * The last day of coverage when payment `unpaidIndex` is never made: the end of the last paid period (the day before
 * the unpaid period begins). Payment brought current inside the grace period keeps the coverage without a gap.
 */
export const coverageEndsOn = (s: PaymentSchedule, unpaidIndex: number): string =>
  addDaysIso(scheduledPayment(s, unpaidIndex).covers_from, -1);

/**
 * The idempotency key of an enrollment's payment for a period: the same on every run, in every process, and the
 * provider's key for the charge. It ends with the payment's index (0: the first payment at enrollment, taken by the
 * completion; 1 onwards: the billing run's).
 */
export const premiumKey = (enrollmentId: string, period: string, index: number) => `premium:${enrollmentId}:${period}:${index}`;
