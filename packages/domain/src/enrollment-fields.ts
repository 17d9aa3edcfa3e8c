import { z } from 'zod';
import { TEXT } from './texts.ts';
import { isIssuedSsn, normalizeSsn, PATTERNS } from './validation.ts';

/** The small pieces of the enrollment wizard's steps (personal, contact, employer, beneficiaries). */

/** A value that is either empty or a string (forms send '' for untouched fields). */
export const optionalText = (max = 255) => z.string().trim().max(max).optional().default('');
/** A required text: `message` when missing, blank or longer than `max`. */
export const requiredText = (message: string = TEXT.FIELD_REQUIRED, max = 255) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

/** A first, middle or last name: required, letters as PATTERNS.personName allows, `invalid` when not. */
export const personName = (invalid: string, max = 50) =>
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
    .refine((v) => isIssuedSsn(v) || MASKED_SSN.test(v), { error: TEXT.INVALID_SSN });

/** The enrollment id (tempId) in a step's request body. */
export const zEnrollmentIdField = z.string().trim().min(1, { error: TEXT.FIELD_REQUIRED }).max(64);

/** A US state: two letters, kept upper-case. */
export const zState = () =>
  z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .regex(PATTERNS.state, { error: 'Enter a 2 letter state' })
    .transform((s) => s.toUpperCase());

/** The street address, city and 5-digit zip of the contact and employer steps, in this order. */
export const addressLines = () => ({
  address1: requiredText(),
  address2: optionalText(),
  city: requiredText(TEXT.FIELD_REQUIRED, 100),
  zip: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .regex(PATTERNS.zip5, { error: TEXT.ENTER_5_DIGIT_ZIP_DOT }),
});
