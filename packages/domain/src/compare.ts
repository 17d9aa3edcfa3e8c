/**
 * Plan comparison (issue 10): the structured benefits of a plan (annual maximum, deductible, network, what it
 * covers and after which waiting period), the yearly cost estimate at low, medium and high use with the
 * assumptions it rests on, the facts of a priced plan and the saved comparison. Pure, money in cents.
 */
import { z } from 'zod';
import { TEXT } from './texts.ts';
import { COMPARE_MAX, COMPARE_MAX_MESSAGE, USE_LEVELS } from './compare-rules.ts';
import { ZPlanBenefits } from './plan-benefits.ts';

export * from './compare-rules.ts';

export * from './plan-benefits.ts';

/** What a plan's card, the comparison and the recommendation need, priced for the visitor's quote. */
export const ZPlanFacts = z.object({
  plan_id: z.number(),
  plan_name: z.string(),
  plan_category: z.string(),
  plan_logo: z.string().nullable(),
  carrier: z.string().nullable(),
  /** The price card of the visitor's tier, or null with the pricing message. */
  plan_pricing_id: z.number().nullable(),
  monthly_cents: z.number().nullable(),
  /** The membership said beside the monthly price ("+ $5.00 membership"; charges.ts onePrice), null without a price. */
  membership_cents: z.number().nullable(),
  first_month_cents: z.number().nullable(),
  yearly_cents: z.number().nullable(),
  price_message: z.string().nullable(),
  /** Added on the plan page (questionnaire, membership or dependents first) instead of straight to the cart. */
  add_on_plan_page: z.boolean(),
  benefits: ZPlanBenefits.nullable(),
  estimates: z.array(z.object({ level: z.enum(USE_LEVELS), out_of_pocket_cents: z.number(), total_cents: z.number() })),
});
export type TPlanFacts = z.infer<typeof ZPlanFacts>;

export const ZSaveCompareRequest = z.object({
  enrollment_id: z.string().trim().min(1, TEXT.FIELD_REQUIRED).max(64),
  plan_ids: z
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .max(COMPARE_MAX, { error: COMPARE_MAX_MESSAGE })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Each plan can be chosen once.' }),
});
export type TSaveCompareRequest = z.infer<typeof ZSaveCompareRequest>;
