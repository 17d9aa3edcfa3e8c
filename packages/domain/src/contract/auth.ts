import { z } from 'zod';
import { ZMe, ZSecondFactorRequest, ZSecondFactorResult, ZSignInRequest, ZSignInResult } from '../auth.ts';
import { endpoint } from './endpoint.ts';

/** Sign-in (password, then an operator's second factor), the console's fresh check, sign-out, who am I. */
export const signIn = endpoint({
  method: 'POST',
  path: '/api/auth/sign-in',
  summary: 'Sign in with e-mail and password',
  tags: ['auth'],
  body: ZSignInRequest,
  response: ZSignInResult,
});
export const secondFactor = endpoint({
  method: 'POST',
  path: '/api/auth/second-factor',
  summary: 'Complete sign-in with the second factor',
  tags: ['auth'],
  body: ZSecondFactorRequest,
  response: ZSecondFactorResult,
});
export const checkSecondFactor = endpoint({
  method: 'POST',
  path: '/api/auth/second-factor/check',
  summary: 'Confirm the second factor again before a sensitive action',
  tags: ['auth'],
  body: ZSecondFactorRequest,
  response: ZMe,
});
export const signOut = endpoint({ method: 'POST', path: '/api/auth/sign-out', summary: 'Sign out', tags: ['auth'], response: z.null() });
export const me = endpoint({ method: 'GET', path: '/api/auth/me', summary: 'Get the signed-in account', tags: ['auth'], response: ZMe });
/**
 * A signed, expiring, single-use sign-in link from an outside dashboard: answers a redirect, not the envelope, to the
 * page that asks before signing in (/sign-in/link, the token in the fragment). It signs nothing in (decision 2330).
 */
export const signInLink = endpoint({
  method: 'GET',
  path: '/api/auth/link',
  summary: 'Open a one-time sign-in link (redirects)',
  tags: ['auth'],
  query: z.object({ token: z.string().max(300), next: z.string().max(300).optional() }),
});
