import { z } from 'zod';
import { TEXT } from './texts.ts';
import { RETIRED_EMPLOYMENT_STATUS } from './codes.ts';
import { ZPhone, ZUsDate } from './validation.ts';
import { addressLines, requiredText, zEnrollmentIdField, zState } from './enrollment-fields.ts';

/** The wizard's employer info step and its option lists. */

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
  ...addressLines(),
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
