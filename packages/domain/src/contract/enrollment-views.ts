import { z } from 'zod';
import { PAYMENT_METHODS } from '../codes.ts';

/**
 * What the enrollment wizard's steps answer (response schemas: only these keys leave the server): masked numbers,
 * never the sealed ones nor a card token; health answers only as their owner gave them. Kept in the contract folder,
 * whose browser copy holds the endpoints' routes only (apps/web/build/contract-routes.ts): the web app uses their
 * types, and its pages do not carry these schemas.
 */

// ---- what the billing step answers (response schemas: only these keys leave the server) ---------------------------

/** The last four digits of a number behind x's (maskLast4), or nothing: a full account or card number cannot pass. */
const zMasked = z.string().regex(/^x*\d{0,4}$/);
export const ZExistingBank = z.object({
  bank_id: z.number(),
  account_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_number: zMasked,
  bank_routing: zMasked,
  account_type: z.string().nullable(),
  account_holder_type: z.string().nullable(),
});
export type TExistingBank = z.infer<typeof ZExistingBank>;
export const ZExistingCard = z.object({
  card_id: z.number(),
  name_on_cc: z.string().nullable(),
  card_number: zMasked,
  card_brand: z.string().nullable(),
  expiration_month: z.string().nullable(),
  expiration_year: z.string().nullable(),
  security_code: z.literal('***'),
});
export type TExistingCard = z.infer<typeof ZExistingCard>;
/** The saved payment as save-billing-info answers it: masked numbers; never the sealed numbers nor the card token. */
export const ZSavedPayment = z.object({
  payment_method: z.enum(PAYMENT_METHODS),
  bill_date: z.number().optional(),
  account_name: z.string().optional(),
  bank_name: z.string().optional(),
  account_type: z.string().optional(),
  account_holder_type: z.string().optional(),
  account_number: zMasked.optional(),
  routing_number: zMasked.optional(),
  first_name_on_cc: z.string().optional(),
  last_name_on_cc: z.string().optional(),
  card_brand: z.string().optional(),
  card_last4: z
    .string()
    .regex(/^\d{0,4}$/)
    .optional(),
  card_number: zMasked.optional(),
  expiration_month: z.string().optional(),
  expiration_year: z.string().optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip: z.string().optional(),
  is_physical_address: z.string().optional(),
});
export type TSavedPayment = z.infer<typeof ZSavedPayment>;

export const ZFieldDescriptor = z.object({ value: z.string().nullable(), required: z.boolean(), read_only: z.boolean() });
export type FieldDescriptor = z.infer<typeof ZFieldDescriptor>;
/** The agreement step's fields (get-form-fields-agreement-info): the verification's names, codes and date. */
export const ZAgreementFormFields = z.object({
  question_id: ZFieldDescriptor,
  question: ZFieldDescriptor,
  answer: ZFieldDescriptor,
  verification_code: ZFieldDescriptor,
  date: ZFieldDescriptor,
  agent_name: ZFieldDescriptor,
  agent_code: ZFieldDescriptor,
  group_name: ZFieldDescriptor,
  group_code: ZFieldDescriptor,
  user_name: ZFieldDescriptor,
  signature: ZFieldDescriptor,
});
export type TAgreementForm = z.infer<typeof ZAgreementFormFields>;

// ---- answers as the server sends them back (response schemas: only these keys leave the server) ----------------

const zFlag = z.union([z.literal(0), z.literal(1)]);
/**
 * A question's answer, or null when not answered yet (decision 2440). An integer 0 or 1 on the wire, so that the
 * published API document can say it (a nullable union of literals has no type there: Redocly's nullable-type-sibling).
 */
const zAnswer = z.number().int().min(0).max(1).nullable() as unknown as z.ZodType<0 | 1 | null>;
const shown = z.string().optional();
export const ZConditionDetailView = z.object({
  health_condition: shown,
  date_of_onset: shown,
  date_of_recovery: shown,
  d_last_seen: shown,
  symptoms: shown,
  condition: shown,
  status: shown,
  last_seen_by_physician: shown,
  physician_name: shown,
  address: shown,
  phone: shown,
  is_treatment: zFlag.optional(),
  is_medicate: zFlag.optional(),
});
export const ZConditionQuestionView = z.object({
  question_id: z.number(),
  question_text: z.string().optional(),
  yes_no_flag: zFlag,
  conditions: z.array(ZConditionDetailView).optional(),
});
export const ZMedicationQuestionView = z.object({
  question_id: z.number(),
  question_text: z.string().optional(),
  yes_no_flag: zFlag,
  medications: z
    .array(z.object({ id: z.union([z.string(), z.number()]).optional(), medication: shown, dosage: shown, medical_condition: shown }))
    .optional(),
});
/** Saved health answers (ZHealthInfo after normalizeHealthInfo), as the person who gave them sees them again. */
export const ZHealthInfoView = z.object({
  condition_questions: z.array(ZConditionQuestionView),
  medication_question: ZMedicationQuestionView.optional(),
  notes: z.string().optional(),
});
/**
 * The questions to ask (healthQuestionsResult), with this enrollment's saved answers when there are any. A question
 * not answered yet has yes_no_flag null (decision 2440); answered_on_plan_page marks the tobacco answer of the quote.
 */
export const ZHealthQuestions = z.object({
  codition_questions: z.array(
    ZConditionQuestionView.extend({
      question_text: z.string(),
      yes_no_flag: zAnswer,
      answered_on_plan_page: zFlag.optional(),
    }),
  ),
  medication_question: ZMedicationQuestionView.extend({ question_text: z.string(), yes_no_flag: zAnswer }),
});

/** An SSN as it leaves the server: masked to its last four digits (maskLast4), never whole. */
export const ZMaskedSsn = z.string().regex(/^(x{5}\d{4}|x{0,4})$/);

/** A dependent as it comes back from the server: SSN masked; health answers only in the owner's list to edit. */
export const ZDependentView = z.object({
  primary_info: z.object({
    dependent_id: z.string(),
    relationship: z.enum(['spouse', 'child']),
    first_name: z.string(),
    middle_name: z.string().optional(),
    last_name: z.string(),
    birthdate: z.string(),
    gender: z.enum(['0', '1']),
    ssn: ZMaskedSsn,
    weight: z.string().optional(),
    height_feet: z.string().optional(),
    height_inch: z.string().optional(),
    employed: z.union([z.literal(0), z.literal('0')]).optional(),
  }),
  has_health_info: z.boolean().optional(),
  health_info: ZHealthInfoView.optional(),
});
export type TDependentView = z.infer<typeof ZDependentView>;
