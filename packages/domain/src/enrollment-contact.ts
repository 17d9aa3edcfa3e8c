import { z } from 'zod';
import { TEXT } from './texts.ts';
import { ZEmail, ZPhone } from './validation.ts';
import { addressLines, requiredText, zEnrollmentIdField, zState } from './enrollment-fields.ts';

/** The wizard's contact info step, and the answer of its address and e-mail checks. */

export const ZContactInfoForm = z.object({
  email_address: ZEmail(TEXT.EMAIL_NOT_CORRECT_FORMAT),
  phone_number: ZPhone(TEXT.INVALID_PHONE),
  ...addressLines(),
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
