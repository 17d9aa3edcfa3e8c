import { z } from 'zod';

/** The summary on the wire: dollars as text with two decimals, dates yyyy-mm-dd. */
export const ZChargeLine = z.object({
  kind: z.enum(['plan', 'membership']),
  plan_id: z.number().nullable(),
  label: z.string(),
  monthly: z.string(),
  admin_fee: z.string(),
  /** Pending evidence of insurability: shown, not charged until the carrier approves. */
  held: z.boolean(),
});
export const ZChargeSummary = z.object({
  lines: z.array(ZChargeLine),
  admin_fee: z.string(),
  initial: z.string(),
  recurring: z.string(),
  /** A month of the held lines (0.00 when none). */
  held: z.string(),
  bill_day: z.number(),
  first_charge_on: z.string(),
  starts_on: z.string(),
  recurring_from: z.string(),
});
export type TChargeSummary = z.infer<typeof ZChargeSummary>;
