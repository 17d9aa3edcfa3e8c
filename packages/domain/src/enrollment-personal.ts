import { z } from 'zod';
import { TEXT } from './texts.ts';
import { OTHER_ETHNIC_GROUP_ID } from './codes.ts';
import { PATTERNS, usDateProblem } from './validation.ts';
import { usToIso } from './dates.ts';
import { optionalText, personName, ZSsnOrMasked, zEnrollmentIdField } from './enrollment-fields.ts';

/** The wizard's personal info step and the enroller code. */

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
