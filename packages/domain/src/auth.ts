import { z } from 'zod';
import { ROLES } from './codes.ts';
import { TEXT } from './texts.ts';
import { ZEmail } from './validation.ts';

export const ZSignInRequest = z.object({
  email: ZEmail(TEXT.ENTER_VALID_EMAIL),
  password: z.string({ error: TEXT.FIELD_REQUIRED }).min(1, { error: TEXT.FIELD_REQUIRED }).max(200),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZMe = z.object({
  signed_in: z.boolean(),
  role: z.enum(ROLES).nullable(),
  email: z.string().nullable(),
  agent_id: z.number().nullable(),
  group_id: z.number().nullable(),
  user_id: z.number().nullable(),
  name: z.string().nullable(),
});
export type TMe = z.infer<typeof ZMe>;

export const SIGN_IN_FAILED = 'The e-mail or password is not right.';

/** Sign-in's answer: signed in, or (operators) the second factor to give next; enrolment shows the new secret once. */
export const ZSignInResult = ZMe.extend({
  second_factor: z.enum(['code', 'enroll']).optional(),
  otpauth_uri: z.string().optional(),
  totp_secret: z.string().optional(),
});
export type TSignInResult = z.infer<typeof ZSignInResult>;

/** A code of the authenticator app (6 digits) or a recovery code. */
export const ZSecondFactorRequest = z.object({
  code: z.string({ error: TEXT.FIELD_REQUIRED }).trim().min(1, { error: TEXT.FIELD_REQUIRED }).max(40),
});
export type TSecondFactorRequest = z.infer<typeof ZSecondFactorRequest>;

/** Signed in after the second factor; after enrolment, the recovery codes, shown this once. */
export const ZSecondFactorResult = ZMe.extend({ recovery_codes: z.array(z.string()).optional() });
export type TSecondFactorResult = z.infer<typeof ZSecondFactorResult>;

export const SECOND_FACTOR_WRONG = 'The code is not right.';
export const SECOND_FACTOR_EXPIRED = 'Please sign in again.';
/** The console's personal data (enrollments, their screenshots and documents) after a fresh second-factor check. */
export const SECOND_FACTOR_NEEDED = 'Enter a code of your authenticator app to see personal data.';
/** A change of a sign-in account in the console (create, password, active) after a fresh second-factor check. */
export const SECOND_FACTOR_NEEDED_FOR_ACCOUNTS = 'Enter a code of your authenticator app to change sign-in accounts.';
/** How long a second-factor check opens the console's personal data. */
export const SECOND_FACTOR_FRESH_MS = 5 * 60_000;
