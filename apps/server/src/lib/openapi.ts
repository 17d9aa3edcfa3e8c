import type { Endpoint } from '@store/domain/contract/endpoint';
import { CSRF_COOKIE, CSRF_HEADER } from '../plugins/csrf.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';

/**
 * What the OpenAPI document (GET /api/openapi.json) says of the credentials a caller sends, derived from the
 * contract's markers (packages/domain/src/contract/endpoint.ts) and the plugins that check them:
 * - `session`: the session cookie (plugins/session.ts). The store hands one out on a visitor's first change, so it
 *   is optional where an anonymous shopper may call; the operator console (/api/admin) refuses any call without a
 *   signed-in operator's session, and other signed-in pages (member, rep and group homes) answer 401 without one.
 * - `csrfCookie` + `csrfHeader`: the double-submit token of plugins/csrf.ts, on every change (any method but GET, and
 *   a GET the contract marks `changing`), except an endpoint marked `crossSite` (answers anyone the same).
 */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie the store sets (HttpOnly). Signed-in pages and the operator console need a signed-in session.',
  },
  csrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: CSRF_COOKIE,
    description: 'The CSRF token cookie the store hands out on any API call; its value is sent back in the X-CSRF-Token header.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'The value of the csrf cookie, required on every change (with an Origin, when sent, of the store).',
  },
} as const;

type Requirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

/** Whether the CSRF check of plugins/csrf.ts applies to the endpoint. */
export const needsCsrf = (e: Endpoint) => !e.crossSite && (e.method !== 'GET' || e.changing === true);

/** The operation's security requirements (alternatives): what a caller sends for the endpoint to answer. */
export function securityOf(e: Endpoint): Requirement[] {
  if (e.crossSite) return [];
  const csrf: Requirement = needsCsrf(e) ? { csrfCookie: [], csrfHeader: [] } : {};
  const withSession: Requirement = { session: [], ...csrf };
  if (e.path.startsWith('/api/admin/')) return [withSession];
  return [withSession, csrf];
}

// The header's name as the CSRF plugin reads it (lower case, as Node gives headers): the document shows its usual spelling.
if (SECURITY_SCHEMES.csrfHeader.name.toLowerCase() !== CSRF_HEADER) throw new Error('csrfHeader does not name the CSRF header');
