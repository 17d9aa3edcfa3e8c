import { z } from 'zod';
import { TEXT } from './texts.ts';
import { PATTERNS } from './validation.ts';

/**
 * POST /api/v1/save-enrollment: one call of the documents for two things.
 * - tab 'cart_info': the personalised quote (name, email, message) from the cart (rep and group only);
 * - any saved-tab key (contact_info, employer_info, …): Save & Continue Later, mailing the enrollment code
 *   to `email` with the step's `data`.
 */
export const SAVE_ENROLLMENT_TABS = [
  'cart_info',
  'primary_info',
  'contact_info',
  'employer_info',
  'benificiary_info',
  'health_info',
  'dependent_info',
  'review_info',
  'aggrement_info',
  'payment_info',
] as const;

export const ZSaveEnrollmentRequest = z.object({
  enrollment_id: z.string().trim().min(1).max(64),
  email: z
    .string({ error: TEXT.ENTER_VALID_EMAIL })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .max(254, { error: TEXT.ENTER_VALID_EMAIL })
    .regex(PATTERNS.email, { error: TEXT.ENTER_VALID_EMAIL }),
  tab: z.enum(SAVE_ENROLLMENT_TABS),
  name: z.string().trim().max(100).optional(),
  message: z.string().trim().max(2000).optional(),
  data: z.unknown().optional(),
});
export type TSaveEnrollmentRequest = z.infer<typeof ZSaveEnrollmentRequest>;

/** The quote form of the cart: Name, Email, Message. */
export const ZQuoteForm = z.object({
  name: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .max(100, { error: TEXT.PLEASE_ENTER_VALID_NAME })
    .regex(/^[A-Za-z][A-Za-z .'-]*$/, { error: TEXT.PLEASE_ENTER_VALID_NAME }),
  email: z
    .string({ error: TEXT.FIELD_REQUIRED })
    .trim()
    .min(1, { error: TEXT.FIELD_REQUIRED })
    .max(254, { error: TEXT.PLEASE_ENTER_VALID_EMAIL })
    .regex(PATTERNS.email, { error: TEXT.PLEASE_ENTER_VALID_EMAIL }),
  message: z.string().trim().max(2000).optional(),
});
export type TQuoteForm = z.infer<typeof ZQuoteForm>;
