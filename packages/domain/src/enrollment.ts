import { z } from 'zod';
import { TEXT, beneficiaryTotalMessage } from './texts.ts';
import { LIMITS, OTHER_ETHNIC_GROUP_ID, RETIRED_EMPLOYMENT_STATUS, TABS, type TabName } from './codes.ts';
import { normalizeSsn, PATTERNS, ZEmail, ZPhone, ZUsDate, usDateProblem } from './validation.ts';
import { usToIso } from './dates.ts';

/**
 * The enrollment wizard, part one: dynamic tabs, field definitions, personal, contact, employer and
 * beneficiary steps, enroller code, Save & Continue Later and continue. Shared by the forms and the routes.
 */

// ---- wizard ---------------------------------------------------------------------------------------

export const ZDynamicTab = z.object({ tab_name: z.enum(TABS), required: z.boolean(), order: z.number().int().min(0).max(10) });
export type TDynamicTab = z.infer<typeof ZDynamicTab>;

/** Dynamic tab name -> saved-tab key (section 2.2; the sic spellings are the wire's). */
export const SAVED_TAB_KEY: Record<TabName, string> = {
  primary_info: 'primary_info',
  contact_info: 'contact_info',
  employer_info: 'employer_info',
  beneficiary_info: 'benificiary_info',
  primary_health_info: 'health_info',
  dependent_info: 'dependent_info',
  review_info: 'review_info',
  agreement_info: 'aggrement_info',
  billing_info: 'payment_info',
};

/** A server-supplied field definition of a step. */
export const ZFieldDef = z.object({
  field_name: z.string(),
  required: z.boolean(),
  read_only: z.boolean(),
  value: z.unknown().optional(),
});
export type TFieldDef = z.infer<typeof ZFieldDef>;

// ---- small pieces ------------------------------------------------------------------------------------

/** A value that is either empty or a string (forms send '' for untouched fields). */
const optionalText = (max = 255) => z.string().trim().max(max).optional().default('');
const requiredText = (message: string = TEXT.FIELD_REQUIRED, max = 255) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

const personName = (invalid: string, max = 50) =>
  z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .max(max, { error: invalid })
    .regex(PATTERNS.personName, { error: invalid });

/** A masked SSN as read back (x's and the last four), sent back unchanged to keep the stored one. */
export const MASKED_SSN = /^x{5}\d{4}$/i;
export const isMaskedSsn = (v: string) => MASKED_SSN.test(v);
/**
 * SSN: 9 digits, or the masked value read back; typed or pasted grouped (123-45-6789, 123 45 6789, xxx-xx-6789)
 * it is kept without its dashes and spaces (normalizeSsn).
 */
export const ZSsnOrMasked = () =>
  z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .transform(normalizeSsn)
    .refine((v) => PATTERNS.ssn9.test(v) || MASKED_SSN.test(v), { error: TEXT.INVALID_SSN });

const zNumberText = (opts: { max: number; required: boolean; zeroMessage: string; maxDigits: number; min?: number; maxValue?: number }) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === null ? '' : String(v).trim()))
    .superRefine((v, ctx) => {
      if (!v) {
        if (opts.required) ctx.addIssue({ code: 'custom', message: TEXT.FIELD_REQUIRED });
        return;
      }
      if (!/^\d+$/.test(v) || v.length > opts.maxDigits) {
        ctx.addIssue({ code: 'custom', message: opts.zeroMessage });
        return;
      }
      const n = Number(v);
      if (n < (opts.min ?? 1) || (opts.maxValue !== undefined && n > opts.maxValue))
        ctx.addIssue({ code: 'custom', message: opts.zeroMessage });
    });

const optionalUsDate = () =>
  z
    .string()
    .trim()
    .optional()
    .default('')
    .superRefine((v, ctx) => {
      if (!v) return;
      const p = usDateProblem(v);
      if (p) ctx.addIssue({ code: 'custom', message: p });
    });

const zEnrollmentIdField = z.string().trim().min(1, { error: TEXT.FIELD_REQUIRED }).max(64);

// ---- personal info -------------------------------------------------------------------------------

export const ETHNIC_CATEGORIES = [
  { id: 1, name: 'American Indian or Alaska Native' },
  { id: 2, name: 'Asian Indian' },
  { id: 3, name: 'Black or African American' },
  { id: 4, name: 'Chinese' },
  { id: 5, name: 'Filipino' },
  { id: 6, name: 'Hispanic or Latino' },
  { id: 7, name: 'Japanese' },
  { id: 8, name: 'Korean' },
  { id: 9, name: 'Native Hawaiian or Other Pacific Islander' },
  { id: 10, name: 'Vietnamese' },
  { id: 11, name: 'White' },
  { id: OTHER_ETHNIC_GROUP_ID, name: 'Other' },
  { id: 13, name: 'Prefer not to say' },
] as const;

const personalInfoShape = {
  first_name: personName(TEXT.PLEASE_ENTER_VALID_FIRST_NAME),
  middle_name: optionalText(50).refine((v) => !v || PATTERNS.personName.test(v), { error: 'Please enter valid middle name' }),
  last_name: personName(TEXT.PLEASE_ENTER_VALID_LAST_NAME),
  weight: zNumberText({ max: 999, required: true, zeroMessage: TEXT.WEIGHT_ZERO, maxDigits: 3 }),
  height_feet: zNumberText({ max: 9, required: true, zeroMessage: TEXT.HEIGHT_ZERO, maxDigits: 1 }),
  height_inch: zNumberText({ max: 11, required: true, zeroMessage: TEXT.INCH_INVALID, maxDigits: 2, min: 0, maxValue: 11 }),
  gender: z.string().trim().optional().default(''),
  birthdate: z.string().trim().optional().default(''),
  marital_status: z.enum(['0', '1', '2', '3'], { error: TEXT.FIELD_REQUIRED }),
  ssn: ZSsnOrMasked(),
  ethnic_category: z.string().trim().optional().default(''),
  ethnic_category_other_type: optionalText(100),
  prior_coverage_flag: z.enum(['0', '1'], { error: TEXT.FIELD_REQUIRED }).default('0'),
  prior_carrier_name: optionalText(100),
  prior_effective_date: optionalUsDate(),
  prior_term_date: optionalUsDate(),
};
type PersonalOut = {
  ethnic_category: string;
  ethnic_category_other_type: string;
  prior_coverage_flag: string;
  prior_carrier_name: string;
  prior_effective_date: string;
  prior_term_date: string;
};
function personalRules(v: PersonalOut, ctx: z.RefinementCtx) {
  if (v.ethnic_category === String(OTHER_ETHNIC_GROUP_ID) && !v.ethnic_category_other_type)
    ctx.addIssue({ code: 'custom', path: ['ethnic_category_other_type'], message: TEXT.FIELD_REQUIRED });
  if (v.prior_coverage_flag === '1') {
    if (!v.prior_carrier_name) ctx.addIssue({ code: 'custom', path: ['prior_carrier_name'], message: TEXT.FIELD_REQUIRED });
    if (!v.prior_effective_date) ctx.addIssue({ code: 'custom', path: ['prior_effective_date'], message: TEXT.FIELD_REQUIRED });
    if (!v.prior_term_date) ctx.addIssue({ code: 'custom', path: ['prior_term_date'], message: TEXT.FIELD_REQUIRED });
    const a = usToIso(v.prior_effective_date);
    const b = usToIso(v.prior_term_date);
    if (a && b && b < a)
      ctx.addIssue({ code: 'custom', path: ['prior_term_date'], message: 'Termination date must be after the effective date' });
  }
}
export const ZPersonalInfoForm = z.object(personalInfoShape).superRefine(personalRules);
export type TPersonalInfoForm = z.input<typeof ZPersonalInfoForm>;
export const ZSavePersonalInfoRequest = z.object({ enrollment_id: zEnrollmentIdField, ...personalInfoShape }).superRefine(personalRules);
export type TSavePersonalInfoRequest = z.input<typeof ZSavePersonalInfoRequest>;

export const ZEnrollerCodeForm = z.object({
  enrollerCode: z
    .string({ error: TEXT.ENTER_ENROLLER_CODE })
    .trim()
    .min(1, { error: TEXT.ENTER_ENROLLER_CODE })
    .max(30, { error: TEXT.ENTER_ENROLLER_CODE })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'Invalid enroller code' }),
});
export type TEnrollerCodeForm = z.infer<typeof ZEnrollerCodeForm>;
export const ZSaveEnrollerCodeRequest = ZEnrollerCodeForm.extend({ enrollment_id: zEnrollmentIdField });

// ---- contact info -----------------------------------------------------------------------------------

const zState = () =>
  z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .regex(PATTERNS.state, { error: 'Enter a 2 letter state' })
    .transform((s) => s.toUpperCase());

export const ZContactInfoForm = z.object({
  email_address: ZEmail(TEXT.EMAIL_NOT_CORRECT_FORMAT),
  phone_number: ZPhone(TEXT.INVALID_PHONE),
  address1: requiredText(),
  address2: optionalText(),
  city: requiredText(TEXT.FIELD_REQUIRED, 100),
  zip: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .regex(PATTERNS.zip5, { error: TEXT.ENTER_5_DIGIT_ZIP_DOT }),
  zip4: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, { error: 'Enter 4 digits' })
    .optional()
    .default(''),
  state: zState(),
  birth_state: requiredText(),
  birth_city: requiredText(TEXT.FIELD_REQUIRED, 100),
  with_validation: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
    .default(0)
    .transform((v) => Number(v) as 0 | 1),
});
export type TContactInfoForm = z.input<typeof ZContactInfoForm>;
export const ZSaveContactInfoRequest = ZContactInfoForm.extend({ enrollment_id: zEnrollmentIdField });

export const ZValidityResult = z.object({ is_valid: z.boolean(), message: z.string() });

// ---- employer info ----------------------------------------------------------------------------------

export const HOLIDAY_FLAGS = ['Standard_6', 'Presendents_Day', 'Columbus_Day', 'Religious_Days', 'Birthday', 'Floating_Day'] as const;
export type HolidayFlag = (typeof HOLIDAY_FLAGS)[number];
export const COMPENSATION_TYPES = [
  { value: 'G10L20', name: 'Greater than $10/hour and less than $20/hour' },
  { value: 'MW', name: 'Minimum wage' },
  { value: 'GMWL10', name: 'Greater than minimum wage and less than $10/hour' },
  { value: 'G20', name: 'Greater than $20/hour' },
  { value: 'Salary', name: 'Salary' },
] as const;
export const EMPLOYMENT_STATUSES = [
  { value: 'A', name: 'Active' },
  { value: 'C', name: 'COBRA' },
  { value: 'R', name: 'Retired' },
] as const;

const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

const employerShape = {
  name: requiredText(TEXT.FIELD_REQUIRED, 100).refine((v) => /[A-Za-z]/.test(v) && /^[A-Za-z0-9 .,&'()/-]+$/.test(v), {
    error: TEXT.INVALID_EMPLOYER,
  }),
  phone: ZPhone(TEXT.INVALID_PHONE),
  address1: requiredText(),
  address2: optionalText(),
  city: requiredText(TEXT.FIELD_REQUIRED, 100),
  zip: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .regex(PATTERNS.zip5, { error: TEXT.ENTER_5_DIGIT_ZIP_DOT }),
  state: zState(),
  with_validation: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
    .default(0)
    .transform((v) => Number(v) as 0 | 1),
  average_work_week: requiredText(),
  employment_start_date: ZUsDate(),
  occupation: requiredText(TEXT.FIELD_REQUIRED, 100),
  compensation_type: z.enum(COMPENSATION_TYPES.map((c) => c.value) as [string, ...string[]], { error: TEXT.FIELD_REQUIRED }),
  employment_status: z
    .enum(EMPLOYMENT_STATUSES.map((c) => c.value) as [string, ...string[]], { error: TEXT.FIELD_REQUIRED })
    .refine((v) => v !== RETIRED_EMPLOYMENT_STATUS, { error: TEXT.RETIRED_EMPLOYER }),
  emp_industry: requiredText(TEXT.FIELD_REQUIRED, 100),
  emp_num_employed: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => v.length > 0, { error: TEXT.FIELD_REQUIRED })
    .refine((v) => /^\d{1,7}$/.test(v) && Number(v) >= 1, { error: 'Enter the number of employees (count yourself as 1)' }),
  emp_vac_policy: requiredText(),
  emp_barg_unit: requiredText(),
  holiday_policy: z
    .object(Object.fromEntries(HOLIDAY_FLAGS.map((f) => [f, flag.optional()])) as Record<HolidayFlag, z.ZodOptional<typeof flag>>)
    .default({}),
};
function employerRules(v: { holiday_policy: Partial<Record<HolidayFlag, number | undefined>> }, ctx: z.RefinementCtx) {
  if (!HOLIDAY_FLAGS.some((f) => v.holiday_policy[f] === 1))
    ctx.addIssue({ code: 'custom', path: ['holiday_policy'], message: TEXT.SELECT_HOLIDAY_POLICY });
}
export const ZEmployerInfoForm = z.object(employerShape).superRefine(employerRules);
export type TEmployerInfoForm = z.input<typeof ZEmployerInfoForm>;
export const ZSaveEmployerInfoRequest = z.object({ enrollment_id: zEnrollmentIdField, ...employerShape }).superRefine(employerRules);

// ---- beneficiaries -----------------------------------------------------------------------------------

export const BENEFICIARY_RELATIONSHIPS = ['Spouse', 'Child', 'Parent', 'Sibling', 'Grandchild', 'Friend', 'Estate', 'Other'] as const;

export const ZBeneficiary = z.object({
  beneficiary_id: z.string().trim().max(40).optional().default(''),
  first_name: personName(TEXT.PLEASE_ENTER_VALID_FIRST_NAME),
  middle_name: optionalText(50),
  last_name: personName(TEXT.PLEASE_ENTER_VALID_LAST_NAME),
  birthdate: ZUsDate(),
  ssn: ZSsnOrMasked(),
  relationship: z.enum(BENEFICIARY_RELATIONSHIPS, { error: TEXT.FIELD_REQUIRED }),
  beneficiary_percentage: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => v.length > 0, { error: TEXT.FIELD_REQUIRED })
    .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100, { error: TEXT.PERCENT_RANGE }),
});
export type TBeneficiaryForm = z.input<typeof ZBeneficiary>;
export type TBeneficiary = z.output<typeof ZBeneficiary>;

/** Why a list of beneficiaries may not be saved, or null. */
export function beneficiaryListProblem(list: { beneficiary_percentage: string | number }[]): string | null {
  if (list.length === 0) return TEXT.ADD_BENEFICIARIES_FIRST;
  if (list.length > LIMITS.maxBeneficiaries) return TEXT.MAX_BENEFICIARIES;
  const total = beneficiaryTotal(list);
  if (total !== 100) return beneficiaryTotalMessage(total);
  return null;
}
export const beneficiaryTotal = (list: { beneficiary_percentage: string | number }[]) =>
  list.reduce((sum, b) => sum + (Number(b.beneficiary_percentage) || 0), 0);

export const ZValidateBeneficiaryRequest = ZBeneficiary.extend({ enrollment_id: zEnrollmentIdField });
export const ZSaveBeneficiaryRequest = z.object({
  enrollment_id: zEnrollmentIdField,
  beneficiaries: z.array(ZBeneficiary).max(10),
});

// ---- continue ----------------------------------------------------------------------------------------

export const ZContinueForm = z.object({
  code: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .max(40, { error: 'Invalid enrollment code' }),
  email: ZEmail(TEXT.ENTER_VALID_EMAIL),
});
export type TContinueForm = z.infer<typeof ZContinueForm>;
/** One answer for an unknown, used or expired code and for a code with another e-mail (nothing to learn from it). */
export const CONTINUE_FAILED = 'The enrollment code or the e-mail address is not right.';

export const ZContinueResult = z.object({
  enrollment_id: z.string(),
  saved_tab: z.string().nullable(),
  others: z.object({
    group_id: z.number().nullable(),
    platform_group_id: z.number().nullable(),
    agent_id: z.number().nullable(),
    open_type: z.string().nullable(),
    type: z.string(),
    eprocess: z.string().optional(),
  }),
});
export type TContinueResult = z.infer<typeof ZContinueResult>;

/** Save & Continue Later modal: the alternate e-mail. */
export const ZSaveLaterForm = z.object({ email: ZEmail(TEXT.ENTER_VALID_EMAIL) });
export type TSaveLaterForm = z.infer<typeof ZSaveLaterForm>;

/** The review step's form: its additional notes (the same rule as save-review-info's request). */
export const ZReviewNotesForm = z.object({ additional_notes: z.string().trim().max(2000) });
export type TReviewNotesForm = z.infer<typeof ZReviewNotesForm>;
