import { z } from 'zod';
import { TEXT, beneficiaryTotalMessage } from './texts.ts';
import { LIMITS } from './codes.ts';
import { ZUsDate } from './validation.ts';
import { optionalText, personName, ZSsnOrMasked, zEnrollmentIdField } from './enrollment-fields.ts';

/** The wizard's beneficiaries step: the rule of one beneficiary and of the whole list. */

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
