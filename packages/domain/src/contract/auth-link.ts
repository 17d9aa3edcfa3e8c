import { ZSignInLinkPreview, ZSignInLinkToken, ZUsedSignInLink, ZUseSignInLink } from '../sign-in-link.ts';
import { endpoint } from './endpoint.ts';

/**
 * The page a dashboard's one-time sign-in link leads to (decision 2330; the link itself is `signInLink` of auth.ts).
 * Apart from auth.ts, which the first page loads, so that only the lazy page carries these schemas (decision 0800).
 */
/** Who a sign-in link is for (masked), for the page that asks; the link is not used. */
export const signInLinkPreview = endpoint({
  method: 'GET',
  path: '/api/auth/link/preview',
  summary: 'Show whom a sign-in link is for',
  tags: ['auth'],
  query: ZSignInLinkToken,
  response: ZSignInLinkPreview,
});
/** Signs in with the link (once): a POST of the store's own page, with the CSRF token. */
export const signInWithLink = endpoint({
  method: 'POST',
  path: '/api/auth/link',
  summary: 'Sign in with a one-time sign-in link',
  tags: ['auth'],
  body: ZUseSignInLink,
  response: ZUsedSignInLink,
});
