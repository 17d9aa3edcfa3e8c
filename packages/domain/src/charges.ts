import { centsToDollars } from './format.ts';
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
 *   day of each month, the first time on the first bill day after the effective date.
 */
export const MEMBERSHIP_FEE_CENTS = 500;
export const ADMIN_FEE_PERCENT = 3;

/** The fixed texts of what will be charged, the same on every screen, the PDF and the mails ({{…}} filled in). */
export const CHARGE_TEXT = {
  MEMBERSHIP_LINE: 'Association membership fee',
  PER_MONTH: '${{amount}}/month',
  ADMIN_FEE_INCLUDED: 'Includes ${{amount}} administrative fee (3%)',
  SCHEDULE: '${{today}} today, then ${{monthly}} on the {{day}} of each month',
  SCHEDULE_FROM: 'The first monthly charge is on {{date}}.',
  LIST_BILL: 'Billed through your employer: nothing is charged to you today.',
  DUE_TODAY: 'Due today',
  MONTHLY: 'Monthly after that',
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
}

export interface ChargeLine {
  kind: 'plan' | 'membership';
  plan_id: number | null;
  label: string;
  monthly_cents: number;
  /** The part of monthly_cents that is the administrative fee (already included). */
  admin_fee_cents: number;
}

export interface ChargeSummary {
  lines: ChargeLine[];
  /** Administrative fee included in the lines, a month. */
  admin_fee_cents: number;
  /** Taken on the day of enrollment: the first month with one-time amounts. */
  initial_cents: number;
  /** Taken on the bill day of each month after. */
  recurring_cents: number;
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

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The first day `billDay` (capped at the month's length) strictly after `afterIso`. */
export function nextBillDate(afterIso: string, billDay: number): string {
  let [y, m, d] = afterIso.split('-').map(Number) as [number, number, number];
  if (Math.min(billDay, daysIn(y, m)) <= d) {
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y += 1;
  }
  return `${y}-${pad(m)}-${pad(Math.min(billDay, daysIn(y, m)))}`;
}

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
  }));
  if (items.length > 0 && !items.some((i) => i.membership))
    lines.push({
      kind: 'membership',
      plan_id: null,
      label: MEMBERSHIP_LINE_LABEL,
      monthly_cents: MEMBERSHIP_FEE_CENTS,
      admin_fee_cents: 0,
    });
  const recurring = lines.reduce((a, l) => a + l.monthly_cents, 0);
  const oneTime = items.reduce((a, i) => a + (i.one_time_cents ?? 0), 0);
  const start = opts.effectiveDate && opts.effectiveDate > opts.today ? opts.effectiveDate : opts.today;
  return {
    lines,
    admin_fee_cents: lines.reduce((a, l) => a + l.admin_fee_cents, 0),
    initial_cents: recurring + oneTime,
    recurring_cents: recurring,
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
    })),
    admin_fee: centsToDollars(s.admin_fee_cents),
    initial: centsToDollars(s.initial_cents),
    recurring: centsToDollars(s.recurring_cents),
    bill_day: s.bill_day,
    first_charge_on: s.first_charge_on,
    starts_on: s.starts_on,
    recurring_from: s.recurring_from,
  };
}

/** The bill day in the schedule sentence (a display format of format.ts, kept importable from here). */
export { ordinalDay } from './format.ts';
