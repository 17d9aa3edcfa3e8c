import { z } from 'zod';
import { CATEGORY_KEYS } from './codes.ts';
import { ZPlanRules } from './plan-rules.ts';
import { ZPlanBenefits } from './compare.ts';
import { ZPlanTranslations } from './plan-content.ts';
import { ADMIN_TEXT, optText, required } from './admin.ts';

/** The console's plans: their content, rules and benefits, and their questions. Rate tables are in admin-rates.ts. */

export const ZPlanSummary = z.object({
  plan_id: z.number(),
  plan_name: z.string(),
  category: z.string(),
  carrier: z.string().nullable(),
  active: z.boolean(),
  featured: z.boolean(),
  plan_logo: z.string().nullable(),
  rate_count: z.number(),
});
export type TPlanSummary = z.infer<typeof ZPlanSummary>;

export const PLAN_TEXT_FIELDS = [
  'plan_short_text',
  'header_text',
  'body_text',
  'blue_bar_text',
  'association_text',
  'exclusions_text',
  'example_text',
  'faq_text',
] as const;

export const ZPlanForm = z.object({
  plan_name: required(120),
  category: z.enum(CATEGORY_KEYS),
  carrier: optText(120),
  plan_logo: optText(500),
  plan_group: optText(60),
  featured: z.boolean().default(false),
  active: z.boolean().default(true),
  sort_order: z.coerce.number().int().min(0).max(100000).default(0),
  plan_short_text: z.string().max(20000).default(''),
  header_text: optText(20000),
  body_text: optText(20000),
  blue_bar_text: optText(20000),
  association_text: optText(20000),
  exclusions_text_name: optText(120),
  exclusions_text: optText(20000),
  example_text_name: optText(120),
  example_text: optText(20000),
  faq_text_name: optText(120),
  faq_text: optText(20000),
  rules: ZPlanRules.strict(),
  /** Structured benefits (compare, estimate, plan finder); null clears them, absent keeps them. */
  benefits: ZPlanBenefits.strict().nullable().optional(),
  /** The texts in Spanish (issue 25); absent keeps them. */
  translations: ZPlanTranslations.optional(),
});
export type TPlanForm = z.infer<typeof ZPlanForm>;
export const ZPlanCreate = ZPlanForm.extend({
  plan_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: ADMIN_TEXT.PLAN_ID })
      .int({ error: ADMIN_TEXT.PLAN_ID })
      .positive({ error: ADMIN_TEXT.PLAN_ID })
      .max(2_147_483_647, { error: ADMIN_TEXT.PLAN_ID }),
  ),
  /** The plan's carrier (`plans.carrier_id`): its appointments decide which reps offer the plan (decision 2640). */
  carrier_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: ADMIN_TEXT.PLAN_CARRIER })
      .int({ error: ADMIN_TEXT.PLAN_CARRIER })
      .positive({ error: ADMIN_TEXT.PLAN_CARRIER })
      .max(2_147_483_647, { error: ADMIN_TEXT.PLAN_CARRIER_UNKNOWN }),
  ),
});
export const ZPlanDetail = ZPlanCreate.extend({
  carrier_id: z.number().nullable(),
  carrier: z.string().nullable(),
  plan_logo: z.string().nullable(),
  plan_group: z.string().nullable(),
  header_text: z.string().nullable(),
  body_text: z.string().nullable(),
  blue_bar_text: z.string().nullable(),
  association_text: z.string().nullable(),
  exclusions_text_name: z.string().nullable(),
  exclusions_text: z.string().nullable(),
  example_text_name: z.string().nullable(),
  example_text: z.string().nullable(),
  faq_text_name: z.string().nullable(),
  faq_text: z.string().nullable(),
  /** As stored (checked by ZPlanRules on every write); a key the schema does not name is not sent. */
  rules: ZPlanRules,
  benefits: ZPlanBenefits.nullable(),
  translations: ZPlanTranslations.nullable(),
});
export type TPlanDetail = z.infer<typeof ZPlanDetail>;

/* ---------- questions ---------- */
export const ZQuestionForm = z.object({
  kind: z.enum(['questions', 'aflac']),
  question_text: required(2000),
  question_sub_type: z.enum(['text_field', 'checkbox', 'detail']).default('text_field'),
  require_detail: z.boolean().default(false),
  true_condition: z.boolean().nullable().default(null),
  decline_message: optText(2000),
  options: z
    .array(z.object({ option_id: z.number().int(), option_text: required(500), option_group: z.string().max(200).default('') }))
    .max(100)
    .default([]),
  sort_order: z.coerce.number().int().min(0).max(100000).default(0),
});
export type TQuestionForm = z.infer<typeof ZQuestionForm>;
