import { z } from 'zod';
import { isoToUs } from './dates.ts';
import { TEXT } from './texts.ts';
import { openEnrollmentPhase, planYearStartAfter } from './renewals.ts';
import { ZChargeSummary } from './charges-schema.ts';

export { defaultEffectiveDate } from './dates.ts';

/**
 * The cart of plans-and-cart.md: rows, totals and the effective dates offered at checkout.
 *
 * Money on the wire: every amount (row `price`, `initial_month_cost`, `recurring_month_cost`, the cart amount)
 * is dollars as a string with two decimals ("21.90"), computed from whole cents; the server keeps cents.
 */

/** One cart row of GET /api/v1/get-plan-cart. */
export const ZCartRow = z.object({
  plan_id: z.number(),
  plan_pricing_id: z.number(),
  plan_name: z.string(),
  plan_logo: z.string().nullable(),
  /** Dollars, two decimals, as text. */
  price: z.string(),
  removable: z.union([z.literal(1), z.literal(0)]),
  /** The plan this row was added with (a membership or rider), else null. */
  parent_plan_id: z.number().nullable(),
});
export type TCartRow = z.infer<typeof ZCartRow>;

export const ZPlanCart = z.object({
  result: z.array(ZCartRow),
  initial_month_cost: z.string(),
  recurring_month_cost: z.string(),
  /** What will be charged: every line (the membership fee too), the first payment and the monthly one (charges.ts). */
  summary: ZChargeSummary,
});
export type TPlanCart = z.infer<typeof ZPlanCart>;

export const ZCartCheckoutRequest = z.object({
  enrollment_id: z.string().trim().min(1, { error: TEXT.FIELD_REQUIRED }).max(64),
  effective_date: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .regex(/^\d{2}\/\d{2}\/\d{4}$/, { error: 'Please choose an effective date' }),
});
export type TCartCheckoutRequest = z.infer<typeof ZCartCheckoutRequest>;

export { centsToDollars } from './format.ts';

/** How many effective dates are offered. */
export const EFFECTIVE_DATE_COUNT = 4;

/**
 * The effective dates offered at checkout: the 1st and the 15th of the month (coverage starts on the 1st or
 * the 15th, matching the EFT charge windows of enrollment.md), strictly after today (US Eastern, see
 * todayIso), the next EFFECTIVE_DATE_COUNT of them, as yyyy-mm-dd. Never today, never in the past.
 */
export function effectiveDatesIso(today: string, count = EFFECTIVE_DATE_COUNT): string[] {
  const out: string[] = [];
  let [y, m] = today.split('-').map(Number);
  while (out.length < count) {
    for (const day of [1, 15]) {
      const iso = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      if (iso > today && out.length < count) out.push(iso);
    }
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** The offered effective dates as the wire shows them (mm/dd/yyyy). */
export function effectiveDatesUs(today: string, count = EFFECTIVE_DATE_COUNT): string[] {
  return effectiveDatesIso(today, count).map(isoToUs);
}

/**
 * Within a group's active open enrollment (issue 38, decision 2800), an enrollment of the group starts on the plan
 * year's start only: the one date offered, and checkout's message beside the field for another (`us`: mm/dd/yyyy).
 */
export const openEnrollmentDateMessage = (us: string) =>
  `During your group's open enrollment, coverage starts on ${us}, the start of the plan year. Please choose that date.`;

/** A group's open enrollment as the cart reads it: its kind and its dates (yyyy-mm-dd), when it has them. */
export interface CartOpenEnrollment {
  open_enrollment: 'active' | 'passive';
  opens_on: string | null;
  closes_on: string | null;
}

/**
 * The effective dates offered to an enrollment today (yyyy-mm-dd): within its group's active open enrollment (both
 * days included) the plan year's start alone (`planYearStartAfter`, decision 2800); else the usual 1st and 15th.
 */
export function offeredEffectiveDatesIso(today: string, group: CartOpenEnrollment | null | undefined): string[] {
  if (group?.open_enrollment === 'active' && group.opens_on && group.closes_on) {
    const w = { opens_on: group.opens_on, closes_on: group.closes_on, reminder_days: 0 };
    if (openEnrollmentPhase(w, today).open) return [planYearStartAfter(group.closes_on)];
  }
  return effectiveDatesIso(today);
}
