import { firstDebitBy, nextBillDate } from './billing-schedule.ts';
import { isoToUs } from './dates.ts';
import { centsToDollars, ordinalDay } from './format.ts';
import type { TChargeSummary } from './charges-schema.ts';

export type { TChargeSummary };

/**
 * What will be charged: the one function every screen, PDF, mail and the billing record take their lines and totals
 * from (docs/decisions/1000-money-path.md). Pure, in cents; dates are yyyy-mm-dd. No zod here: the cart page shows
 * these lines on its first load (docs/decisions/0910); the wire schema is charges-schema.ts.
 *
 * - Every plan's monthly price is a line. Prudential-type prices already include the 3% administrative fee: the line
 *   says how much of it is that fee (`admin_fee_cents`), and the total does not add it again.
 * - Access to the plans needs the national wellness association's membership, $5 a month, once per enrollment: a
 *   membership plan in the cart (the Prudential flow's picker) is that membership; otherwise a membership line is added.
 * - The first payment (the first month's total) is taken on the day of enrollment; then the monthly total on the bill
 *   day of each month, the first time on the first bill day after the effective date. The dates are the one schedule's
 *   (billing-schedule.ts); a bank debit's first payment reaches the account by `firstDebitBy` (decision 2520).
 */
export const MEMBERSHIP_FEE_CENTS = 500;
export const ADMIN_FEE_PERCENT = 3;

/** The fixed texts of what will be charged, the same on every screen, the PDF and the mails ({{…}} filled in). */
export const CHARGE_TEXT = {
  MEMBERSHIP_LINE: 'Association membership fee',
  PER_MONTH: '${{amount}}/month',
  ADMIN_FEE_INCLUDED: 'Includes ${{amount}} administrative fee (3%)',
  SCHEDULE: '${{today}} today, then ${{monthly}} on the {{day}} of each month',
  /** EFT: the first debit reaches the account by a date (within 5 days), then the chosen bill date (decision 2520). */
  SCHEDULE_EFT: '${{today}} debited by {{date}}, then ${{monthly}} on the {{day}} of each month',
  SCHEDULE_FROM: 'The first monthly charge is on {{date}}.',
  LIST_BILL: 'Billed through your employer: nothing is charged to you today.',
  DUE_TODAY: 'Due today',
  MONTHLY: 'Monthly after that',
  RECEIPT_FIRST: 'Your first payment of ${{amount}} is taken today; the next is on {{date}}.',
  /** Beside a plan's line while it waits for the carrier's decision on its evidence of insurability (issue 38). */
  HELD_LINE: 'Pending evidence of insurability: not charged until the carrier approves it (usually 5 to 10 days).',
  RECEIPT_FIRST_EFT: 'Your first payment of ${{amount}} is debited from your account by {{first}}; the next is on {{date}}.',
} as const;
export const MEMBERSHIP_LINE_LABEL = CHARGE_TEXT.MEMBERSHIP_LINE;

export interface ChargeItem {
  plan_id: number;
  plan_name: string;
  price_cents: number;
  /** A one-time amount taken with the first payment only. */
  one_time_cents?: number;
  /** A membership plan (it stands for the membership fee). */
  membership?: boolean;
  /** A Prudential-type plan: its price includes the administrative fee. */
  admin_fee_included?: boolean;
  /**
   * Pending evidence of insurability (issue 38): a plan that needs it, or the membership added with it, is not billed
   * until the carrier approves. Its line is shown, marked, and left out of what is charged.
   */
  held?: boolean;
}

export interface ChargeLine {
  kind: 'plan' | 'membership';
  plan_id: number | null;
  label: string;
  monthly_cents: number;
  /** The part of monthly_cents that is the administrative fee (already included). */
  admin_fee_cents: number;
  /** Not charged until the carrier approves the plan's evidence of insurability (ChargeItem.held). */
  held: boolean;
}

export interface ChargeSummary {
  lines: ChargeLine[];
  /** Administrative fee included in the lines, a month. */
  admin_fee_cents: number;
  /** Taken on the day of enrollment: the first month with one-time amounts, without the held lines. */
  initial_cents: number;
  /** Taken on the bill day of each month after, without the held lines. */
  recurring_cents: number;
  /** A month of the held lines: added to the monthly charge from the carrier's approval. */
  held_cents: number;
  bill_day: number;
  /** The first payment's date (the day of enrollment). */
  first_charge_on: string;
  /** The coverage's start for the schedule: the effective date, or today without one (or when it has passed). */
  starts_on: string;
  /** The first monthly charge: the first bill day after `starts_on`. */
  recurring_from: string;
}

/** The administrative fee included in a price that has it (3% of the price before the fee), rounded half up. */
export const includedAdminFeeCents = (priceCents: number, percent = ADMIN_FEE_PERCENT) =>
  priceCents - Math.round((priceCents * 100) / (100 + percent));

/** The first day `billDay` (capped at the month's length) strictly after `afterIso`: the one schedule's. */
export { nextBillDate };

export function chargeSummary(
  items: readonly ChargeItem[],
  opts: { billDay: number; today: string; effectiveDate?: string | null },
): ChargeSummary {
  const lines: ChargeLine[] = items.map((i) => ({
    kind: i.membership ? 'membership' : 'plan',
    plan_id: i.plan_id,
    label: i.plan_name,
    monthly_cents: i.price_cents,
    admin_fee_cents: i.admin_fee_included ? includedAdminFeeCents(i.price_cents) : 0,
    held: !!i.held,
  }));
  // The membership the store adds waits with the plans when every plan waits for its evidence of insurability.
  const everyPlanHeld = items.length > 0 && items.filter((i) => !i.membership).every((i) => i.held);
  if (items.length > 0 && !items.some((i) => i.membership))
    lines.push({
      kind: 'membership',
      plan_id: null,
      label: MEMBERSHIP_LINE_LABEL,
      monthly_cents: MEMBERSHIP_FEE_CENTS,
      admin_fee_cents: 0,
      held: everyPlanHeld,
    });
  const billed = lines.filter((l) => !l.held);
  const recurring = billed.reduce((a, l) => a + l.monthly_cents, 0);
  const oneTime = items.filter((i) => !i.held).reduce((a, i) => a + (i.one_time_cents ?? 0), 0);
  const start = opts.effectiveDate && opts.effectiveDate > opts.today ? opts.effectiveDate : opts.today;
  return {
    lines,
    admin_fee_cents: lines.reduce((a, l) => a + l.admin_fee_cents, 0),
    initial_cents: recurring + oneTime,
    recurring_cents: recurring,
    held_cents: lines.filter((l) => l.held).reduce((a, l) => a + l.monthly_cents, 0),
    bill_day: opts.billDay,
    first_charge_on: opts.today,
    starts_on: start,
    recurring_from: nextBillDate(start, opts.billDay),
  };
}

/**
 * One plan's monthly price as the person will pay it (issue 37's one price; its words are pricing.ts ONE_PRICE_TEXT): the plan's own price, the membership it
 * needs said beside it, and both together, from chargeSummary of that plan alone (with the membership plan a
 * Prudential-type plan is sold with, when there is one). The plan cards, the plan page, compare and the yearly costs
 * show these; the cart's chargeSummary of the same plan charges the same.
 */
export function onePrice(plan: ChargeItem, membershipPlan?: ChargeItem | null) {
  const items = membershipPlan ? [plan, { ...membershipPlan, membership: true }] : [plan];
  const s = chargeSummary(items, { billDay: 1, today: '2000-01-01' });
  return { plan_cents: plan.price_cents, membership_cents: s.recurring_cents - plan.price_cents, monthly_cents: s.recurring_cents };
}

/**
 * A billing record's summary as the receipt shows it again. The record keeps the monthly amount once every plan is
 * approved (the billing run leaves held policies out as they stand that day); the summary says it without the lines
 * that were held at enrollment, as the receipt said it then.
 */
export function chargeSummaryOfRecord(
  r: Omit<ChargeSummary, 'lines' | 'held_cents'> & { lines: readonly (Omit<ChargeLine, 'held'> & { held?: boolean })[] },
): ChargeSummary {
  const lines = r.lines.map((l) => ({ ...l, held: !!l.held }));
  const held = lines.filter((l) => l.held).reduce((a, l) => a + l.monthly_cents, 0);
  return { ...r, lines, recurring_cents: r.recurring_cents - held, held_cents: held };
}

/** The monthly amount a billing record keeps: every line, the held ones included (chargeSummaryOfRecord's inverse). */
export const recordRecurringCents = (s: Pick<ChargeSummary, 'recurring_cents' | 'held_cents'>) => s.recurring_cents + s.held_cents;

/** The same charges on another bill day (the billing step, while the person chooses one). */
export const withBillDay = <S extends { starts_on: string; bill_day: number; recurring_from: string }>(s: S, billDay: number): S => ({
  ...s,
  bill_day: billDay,
  recurring_from: nextBillDate(s.starts_on, billDay),
});

export function chargeSummaryToWire(s: ChargeSummary): TChargeSummary {
  return {
    lines: s.lines.map((l) => ({
      kind: l.kind,
      plan_id: l.plan_id,
      label: l.label,
      monthly: centsToDollars(l.monthly_cents),
      admin_fee: centsToDollars(l.admin_fee_cents),
      held: l.held,
    })),
    admin_fee: centsToDollars(s.admin_fee_cents),
    initial: centsToDollars(s.initial_cents),
    recurring: centsToDollars(s.recurring_cents),
    held: centsToDollars(s.held_cents),
    bill_day: s.bill_day,
    first_charge_on: s.first_charge_on,
    starts_on: s.starts_on,
    recurring_from: s.recurring_from,
  };
}

/** The bill day in the schedule sentence (a display format of format.ts, kept importable from here). */
export { ordinalDay };

type ScheduleFacts = Pick<TChargeSummary, 'initial' | 'recurring' | 'bill_day' | 'first_charge_on' | 'recurring_from'>;

/**
 * The schedule sentence of a card or bank payment, with its values (`day` is an English ordinal, to translate): the
 * billing step, the review, the receipt page, the PDF and the mail all say it from here. A bank debit's first payment
 * is said with the day it reaches the account, a card's as "today".
 */
export function scheduleSentence(s: ScheduleFacts, method?: string | null) {
  const values = { today: s.initial, monthly: s.recurring, day: ordinalDay(s.bill_day), date: isoToUs(firstDebitBy(s.first_charge_on)) };
  return { text: method === 'eft' ? CHARGE_TEXT.SCHEDULE_EFT : CHARGE_TEXT.SCHEDULE, values };
}

/** The receipt's "what happens next" line about the payments (card: taken today; bank: debited by a date). */
export function receiptPaymentSentence(s: ScheduleFacts, method?: string | null) {
  const values = { amount: s.initial, date: isoToUs(s.recurring_from), first: isoToUs(firstDebitBy(s.first_charge_on)) };
  return { text: method === 'eft' ? CHARGE_TEXT.RECEIPT_FIRST_EFT : CHARGE_TEXT.RECEIPT_FIRST, values };
}
