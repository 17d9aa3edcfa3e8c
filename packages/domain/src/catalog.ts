/**
 * Wire schemas of the plan catalog (plans-and-cart.md sections 3 and 7, up to add-plan-to-cart):
 * plan cards and details, price cards and pricing errors, questionnaires, dependent popup, cart add, members.
 */
import { z } from 'zod';
import { PRICING_ERROR_CODES } from './codes.ts';
import { TEXT } from './texts.ts';
import { ZPlanBenefits } from './plan-benefits.ts';

export * from './catalog-rules.ts';

export const ZPlanCard = z.object({
  pid: z.number(),
  plan_id: z.number(),
  plan_name: z.string(),
  plan_logo: z.string().nullable(),
  /** The carrier's name: the logo's text alternative (the logo is the carrier's). */
  carrier: z.string().nullable().optional(),
  plan_category: z.string(),
  plan_short_text: z.string(),
  is_prudential_plan: z.number(),
  /** The key numbers of the card (deductible, annual maximum, waiting periods, coverage, benefit amounts); null: not stated. */
  benefits: ZPlanBenefits.nullable(),
});
export type TPlanCard = z.infer<typeof ZPlanCard>;

export const ZPlanDescription = z.object({
  plan_id: z.number(),
  plan_name: z.string(),
  plan_category: z.string(),
  plan_logo: z.string().nullable(),
  body_text: z.string(),
  header_text: z.string(),
  blueBarText: z.string(),
  association_text: z.string(),
  exclusions_text_name: z.string(),
  exclusions_text: z.string(),
  example_text_name: z.string(),
  example_text: z.string(),
  faq_text_name: z.string(),
  faq_text: z.string(),
  is_prudential_plan: z.number(),
  questionnaire: z.enum(['questions', 'aflac']).nullable(),
  is_premier: z.boolean(),
  /** The key numbers table (issue 25); null: not stated. */
  benefits: ZPlanBenefits.nullable(),
  /** The plan's rules ask for the annual income or the working hours (the page shows those lines only then). */
  uses_income: z.boolean(),
});
export type TPlanDescription = z.infer<typeof ZPlanDescription>;

export const ZPriceCard = z.object({
  pid: z.number(),
  ppid: z.number(),
  plan_id: z.number(),
  plan_pricing_id: z.number(),
  plan_name: z.string(),
  plan_price: z.string(),
  price_cents: z.number(),
  /** The membership said beside the price ("+ $5.00 membership"; charges.ts onePrice). */
  membership_cents: z.number(),
  tier: z.string(),
  tier_label: z.string(),
  is_prudential_plan: z.number(),
  is_prudential: z.number(),
});
export type TPriceCard = z.infer<typeof ZPriceCard>;

/** get-plan-pricing-detail: the price cards, or the first rule the filter breaks. */
export const ZPricingAnswer = z.object({
  plans: z.array(ZPriceCard),
  errorCode: z.enum(PRICING_ERROR_CODES).nullable(),
  message: z.string().nullable(),
  pid: z.number(),
});
export type TPricingAnswer = z.infer<typeof ZPricingAnswer>;

export const ZQuestionOption = z.object({ option_id: z.number(), option_text: z.string(), option_group: z.string() });
export const ZQuestion = z.object({
  question_id: z.number(),
  question_text: z.string(),
  question_sub_type: z.enum(['text_field', 'checkbox', 'detail']),
  require_detail: z.boolean(),
  options: z.array(ZQuestionOption),
});
export type TQuestion = z.infer<typeof ZQuestion>;

const detailText = z.string().trim().max(255);
export const ZAnswerDetail = z.object({
  dot_from: detailText.optional().default(''),
  dot_to: detailText.optional().default(''),
  reason_for_condition: detailText.optional().default(''),
  degree_of_recovery: detailText.optional().default(''),
  physician_name_address: detailText.optional().default(''),
});
export const ZAnswer = z.object({
  question_id: z.coerce.number().int().positive(),
  yes_no_flag: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: TEXT.ANSWER_YES_NO_TO_CONTINUE_INLINE })
    .transform((v) => Number(v) as 0 | 1),
  who: z.string().trim().max(50).optional().default('primary'),
  checkbox_answers: z.array(z.coerce.number().int()).max(50).optional().default([]),
  detail: z.array(ZAnswerDetail).max(2, { error: 'Up to two treatment details' }).optional().default([]),
});
export type TAnswer = z.infer<typeof ZAnswer>;
export const ZSaveAnswersRequest = z.object({
  enrollment_id: z.string().trim().min(1, TEXT.FIELD_REQUIRED).max(64),
  plan_id: z.coerce.number().int().positive(),
  answers: z.array(ZAnswer, { error: TEXT.PLEASE_ANSWER_ALL }).min(1, { error: TEXT.PLEASE_ANSWER_ALL }).max(50),
});
export type TSaveAnswersRequest = z.input<typeof ZSaveAnswersRequest>;

export const ZAflacQuestion = z.object({ qid: z.number(), question: z.string(), true_condition: z.boolean().nullable() });
export type TAflacQuestion = z.infer<typeof ZAflacQuestion>;
export const ZSaveAflacRequest = z.object({
  enrollment_id: z.string().trim().min(1, TEXT.FIELD_REQUIRED).max(64),
  plan_id: z.coerce.number().int().positive(),
  aflac_data: z
    .array(
      z.object({
        qid: z.coerce.number().int().positive(),
        true_condition: z
          .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
          .transform((v) => v === true || v === 'true' || v === '1'),
      }),
    )
    .min(1, { error: TEXT.ANSWER_YES_IN_ORDER })
    .max(50),
});

export const ZAddToCartRequest = z.object({
  enrollment_id: z.string().trim().min(1, TEXT.FIELD_REQUIRED).max(64),
  plan_id: z.coerce.number().int().positive(),
  plan_pricing_id: z.coerce.number().int().positive(),
});
export type TAddToCartRequest = z.infer<typeof ZAddToCartRequest>;
export const ZAddPrudentialRequest = z.object({
  enrollment_id: z.string().trim().min(1, TEXT.FIELD_REQUIRED).max(64),
  /** The membership plan and its pricing id. */
  plan_id1: z.coerce.number().int().positive(),
  plan_pricing_id1: z.coerce.number().int().positive(),
  plan_id: z.coerce.number().int().positive(),
  plan_pricing_id: z.coerce.number().int().positive(),
});
export const ZStoreTempDependentRequest = z.object({
  enrollment_id: z.string().trim().min(1, TEXT.FIELD_REQUIRED).max(64),
  plan_id: z.coerce.number().int().positive().optional(),
  dep_dob: z.string().trim().max(10).optional().nullable(),
  // Each branch nullable (not the union): the OpenAPI document then gives `nullable` a type.
  no_of_children: z.union([z.string().max(2).nullable(), z.number().int().nullable()]).optional(),
});

export const ZMemberRow = z.object({
  name: z.string(),
  dob: z.string(),
  email: z.string().nullable(),
  ssn: z.string(),
  policy_id: z.number().nullable(),
  user_id: z.number(),
  group_info: z.object({ group_id: z.number().nullable(), group_name: z.string().nullable() }),
  plan_info: z.array(z.object({ plan_name: z.string(), plan_status: z.string() })),
});
export type TMemberRow = z.infer<typeof ZMemberRow>;
export const ZAgentGroup = z.object({ gid: z.number(), gname: z.string(), gcode: z.string() });
export type TAgentGroup = z.infer<typeof ZAgentGroup>;
export const ZPortal = z.object({ platform_group_id: z.number(), platform_name: z.string(), platform_code: z.string() });
export type TPortal = z.infer<typeof ZPortal>;

export const ZGroupAgentMemberInfo = z.object({
  enrollment_type: z.string().nullable(),
  user_info: z.object({ first_name: z.string(), last_name: z.string(), user_id: z.number() }).nullable(),
  group_info: z.object({ group_id: z.number(), name: z.string(), code: z.string() }).nullable(),
  platforms: z.array(ZPortal),
  portal: ZPortal.nullable(),
});
export type TGroupAgentMemberInfo = z.infer<typeof ZGroupAgentMemberInfo>;
