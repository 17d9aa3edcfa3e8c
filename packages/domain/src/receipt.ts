import { z } from 'zod';
import { ZChargeSummary } from './charges-schema.ts';

/** GET /api/v1/get-receipt (enrollment.md §2.13, §7: policy_id and name, and what a receipt needs beyond them). */
/** A person the enrollment covers (issue 37: the family receipt lists the spouse and children). */
export const ZCoveredPerson = z.object({ name: z.string(), relationship: z.enum(['member', 'spouse', 'child']) });
export type TCoveredPerson = z.infer<typeof ZCoveredPerson>;

export const ZReceipt = z.object({
  policy_id: z.number().nullable(),
  name: z.string(),
  confirmation_number: z.string(),
  email: z.string().nullable(),
  eprocess: z.string(),
  policies: z.array(
    z.object({
      policy_id: z.number(),
      plan_id: z.number(),
      plan_name: z.string(),
      carrier: z.string().nullable(),
      /** Issue 38: 'pending' while the carrier decides on the plan's evidence of insurability; null when none is needed. */
      eoi_status: z.enum(['pending', 'more_information', 'approved', 'declined']).nullable().default(null),
    }),
  ),
  /** mm/dd/yyyy */
  effective_date: z.string().nullable(),
  /** What will be charged, as the billing record holds it (null for enrollments completed before it was kept). */
  summary: ZChargeSummary.nullable(),
  /** The payment method, masked: `last4` of the card or account only. */
  /** A Yes to a health question: the carrier reviews the application before coverage and ID cards (decision 2440). */
  carrier_review: z.boolean(),
  payment: z.object({ method: z.string(), brand: z.string().nullable(), bank_name: z.string().nullable(), last4: z.string().nullable() }),
  /** Who is covered: the member first, then spouse and children. */
  covered: z.array(ZCoveredPerson),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/**
 * Issue 38: the receipt's note (mail and page) of a plan waiting for the carrier's decision on its evidence of
 * insurability ({{plan}}: i18next's placeholder). Here rather than in coverage-changes.ts, so that the receipt page
 * loads no other module for it.
 */
export const EOI_PENDING_NOTE =
  '{{plan}}: Pending evidence of insurability. The carrier usually decides within 5 to 10 days; nothing is charged for it until then.';
