import { z } from 'zod';

/**
 * Arriving from an outside dashboard with a one-time sign-in link (decision 2330): opening the link signs nothing in;
 * it shows who the link is for, and a button signs in (a same-origin POST carrying the CSRF token). Otherwise a page
 * of another site could sign a visitor's browser into the attacker's account (login CSRF): the visitor's next
 * enrollment would be the attacker's to read.
 */
export const SIGN_IN_LINK_TEXT = {
  TITLE: 'Continue signing in',
  CONTINUE_AS: 'Continue as {{email}}',
  EXPLAIN: 'You opened a sign-in link. Continue only if you opened it yourself; otherwise close this page.',
  CONTINUE: 'Continue',
  INVALID: 'This sign-in link has expired or has already been used. Please sign in.',
} as const;

/** An e-mail address shown without giving it away: its first character, then the domain (a•••@example.com). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export const ZSignInLinkToken = z.object({ token: z.string().max(300) });
export const ZSignInLinkPreview = z.object({ email: z.string() });
export type TSignInLinkPreview = z.infer<typeof ZSignInLinkPreview>;
export const ZUseSignInLink = z.object({ token: z.string().max(300), next: z.string().max(300).optional() });
export type TUseSignInLink = z.infer<typeof ZUseSignInLink>;
/** Signed in: where to go (a path of this store). */
export const ZUsedSignInLink = z.object({ next: z.string() });
