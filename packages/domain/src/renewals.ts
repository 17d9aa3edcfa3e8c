import { z } from 'zod';
import { pickRate } from './admin-rates.ts';
import { addDaysIso } from './dates.ts';
import { centsToDollars } from './format.ts';

/** Renewals and open enrollment (issue 38, decision 2560): the schemas, fixed texts and pure rules. */

/** Days before a member's renewal date that the renewal mail goes out. */
export const RENEWAL_NOTICE_DAYS = 60;
/** A rise above this share of this year's price puts the client on the rep's renewal list. */
export const RISE_LISTED = 0.1;

/**
 * A group's open enrollment reminders go out this many days before it closes (groups.open_enrollment_reminder_days,
 * decision 2722): edited in the console's group page; absent keeps the group's (a new group's is 7).
 */
export const REMINDER_DAYS = { min: 1, max: 60 } as const;
export const REMINDER_DAYS_TEXT = 'Enter the reminder days as a whole number from 1 to 60.';
export const zReminderDays = z
  .preprocess(
    (v) => (v === '' || v === null ? Number.NaN : v),
    z.coerce
      .number({ error: REMINDER_DAYS_TEXT })
      .int({ error: REMINDER_DAYS_TEXT })
      .min(REMINDER_DAYS.min, { error: REMINDER_DAYS_TEXT })
      .max(REMINDER_DAYS.max, { error: REMINDER_DAYS_TEXT }),
  )
  .optional();

export const RENEWAL_TEXT = {
  FROM: 'From {date}: {price} a month',
  REPLACED: 'From {date}, {plan} ends; it is replaced by {replacement} at {price} a month.',
  ENDS: 'From {date}, {plan} ends and is not renewed.',
  LOADED: 'The rates from {date} were saved.',
  SETTING_SAVED: 'The plan’s renewal setting was saved.',
  START_DATE: 'Enter the date the rates start (after today).',
  NOT_A_PLAN: 'Choose another plan as the replacement.',
  NO_RENEWAL: 'No renewal is due.',
  REASON_PRICE: 'Price rises {percent} %',
  REASON_DISCONTINUED: 'Plan discontinued',
  REASON_PAYMENT: 'Payment failing',
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: RENEWAL_TEXT.START_DATE });

/** The operator's next-period rate grid: its start date and the rows (as the rate grid's, validated by validateRateRows). */
export const ZRatePeriodTable = z.object({ starts_on: isoDate, rows: z.array(z.unknown()).max(5000) });
export const ZRatePeriodCsv = z.object({ starts_on: isoDate, csv: z.string().max(500_000) });
export const ZRatePeriod = z.object({
  starts_on: z.string(),
  rows: z.number().int(),
  /** Policies priced for that period (their renewal rows). */
  priced: z.number().int(),
});
export type TRatePeriod = z.infer<typeof ZRatePeriod>;
export const ZRatePeriods = z.object({
  periods: z.array(ZRatePeriod.extend({ applied: z.boolean() })),
  discontinued_on: z.string().nullable(),
  replacement_plan_id: z.number().int().nullable(),
});
export type TRatePeriods = z.infer<typeof ZRatePeriods>;

/** The operator marks a plan discontinued (from a renewal date) with its replacement, or clears it (null). */
export const ZPlanRenewalSetting = z.object({
  discontinued_on: isoDate.nullable(),
  replacement_plan_id: z.number().int().positive().nullable(),
});
export type TPlanRenewalSetting = z.infer<typeof ZPlanRenewalSetting>;

export const ZRenewalLine = z.object({
  policy_id: z.number().int(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  current_cents: z.number().int(),
  /** null: discontinued without a replacement. */
  renewal_cents: z.number().int().nullable(),
  replacement_plan_name: z.string().nullable(),
});
export type TRenewalLine = z.infer<typeof ZRenewalLine>;

/** The member's next renewal: the date and the monthly amount from it (null: no renewal priced). */
export const ZMemberRenewal = z.object({
  renewal: z
    .object({
      starts_on: z.string(),
      current_cents: z.number().int(),
      renewal_cents: z.number().int(),
      lines: z.array(ZRenewalLine),
    })
    .nullable(),
});
export type TMemberRenewal = z.infer<typeof ZMemberRenewal>;

export const RENEWAL_REASONS = ['price_rise', 'discontinued', 'payment_failing'] as const;
export const ZRepRenewal = z.object({
  user_id: z.number().int(),
  member_name: z.string(),
  email: z.string().nullable(),
  starts_on: z.string().nullable(),
  current_cents: z.number().int().nullable(),
  renewal_cents: z.number().int().nullable(),
  reasons: z.array(z.enum(RENEWAL_REASONS)),
});
export type TRepRenewal = z.infer<typeof ZRepRenewal>;
export const ZRepRenewals = z.object({ items: z.array(ZRepRenewal) });
export type TRepRenewals = z.infer<typeof ZRepRenewals>;

export const OPEN_ENROLLMENT_MODES = ['active', 'passive'] as const;
export const ZGroupOpenEnrollment = z.object({ open_enrollment: z.enum(OPEN_ENROLLMENT_MODES) });
export type TGroupOpenEnrollment = z.infer<typeof ZGroupOpenEnrollment>;

/* ---------- pure rules ---------- */

/** "1/1" of an ISO date: the short date of the member home's line. */
export const shortDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;

/** The member home's line: "From 1/1: $X a month". */
export const renewalLine = (startsOn: string, cents: number) =>
  RENEWAL_TEXT.FROM.replace('{date}', shortDate(startsOn)).replace('{price}', `$${centsToDollars(cents)}`);

/** Whether the renewal date is within the notice window of `today` (the mail goes out then, once). */
export const noticeDue = (startsOn: string, today: string) => today < startsOn && addDaysIso(startsOn, -RENEWAL_NOTICE_DAYS) <= today;

/** The rise from this year's price, as a whole percent (0 when it falls or stays). */
export const risePercent = (current: number, renewal: number) =>
  current > 0 && renewal > current ? Math.round(((renewal - current) / current) * 100) : 0;

/** Whether the rise puts the client on the rep's renewal list (more than RISE_LISTED). */
export const risesMuch = (current: number, renewal: number) => current > 0 && renewal - current > current * RISE_LISTED;

/**
 * The price of a policy in a period: the period grid's row for the policy's tier and tobacco answer, the member's state
 * and age on the renewal date (pickRate: a state beats any state, a tobacco answer beats any). null: no row fits.
 */
export function periodPrice<
  T extends { tier: string; age_min: number; age_max: number; state: string | null; smoker: boolean | null; price_cents: number },
>(grid: T[], q: { tier: string; age: number; state: string | null; smoker: boolean | null }): number | null {
  return pickRate(grid, q)?.price_cents ?? null;
}

/**
 * An active open enrollment's plan year (decision 2660): the coverage of an employee who did not choose by its close
 * ends on the last day of the plan year, 31 December of the year it closes; the next plan year starts on 1 January.
 */
export const planYearStartAfter = (closesOn: string) => `${Number(closesOn.slice(0, 4)) + 1}-01-01`;
/** Whether `today` is in the open enrollment (both days included), and whether its reminders are due. */
export const openEnrollmentPhase = (w: { opens_on: string; closes_on: string; reminder_days: number }, today: string) => ({
  open: w.opens_on <= today && today <= w.closes_on,
  remind: w.opens_on <= today && today <= w.closes_on && addDaysIso(w.closes_on, -w.reminder_days) <= today,
  closed: today > w.closes_on,
});
