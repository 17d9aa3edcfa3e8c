import { z } from 'zod';
import { MEMBER_ACCOUNT_TEXT } from './member-account-text.ts';

export { MEMBER_ACCOUNT_TEXT };

export const ZMemberAccountRef = z.object({ enrollment_id: z.string().min(1).max(64) });
export type TMemberAccountRef = z.infer<typeof ZMemberAccountRef>;

export const ZCreateMemberAccount = ZMemberAccountRef.extend({
  password: z.string().min(10, MEMBER_ACCOUNT_TEXT.PASSWORD_RULE).max(200),
});
export type TCreateMemberAccount = z.infer<typeof ZCreateMemberAccount>;

/** Whether the enrollment's member can make an account, and for which (masked) e-mail. */
export const ZMemberAccountState = z.object({
  state: z.enum(['available', 'exists', 'no-email', 'signed-in']),
  email: z.string().nullable(),
  /** Whether a sign-in link can be mailed (the store has a link secret). */
  link: z.boolean(),
});
export type TMemberAccountState = z.infer<typeof ZMemberAccountState>;

/** Signed in: where to go (the member home). */
export const ZMemberAccountCreated = z.object({ next: z.string() });
export const ZMemberAccountLinkSent = z.object({ email: z.string() });
