import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken, timingSafeEqualText } from '../lib/crypto.ts';
import { HttpError } from '../lib/errors.ts';
import { secureCookie } from './session.ts';

/**
 * Cross-site request protection on every change: a double-submit token (cookie 'csrf', readable by our own
 * scripts, sent back in the X-CSRF-Token header) plus an Origin check. It guards every method but GET/HEAD,
 * and the one GET that changes data (remove-plan-from-cart). SameSite=Lax session cookies add a second wall.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route answers anyone the same and changes nothing (contract `crossSite`, lib/route.ts). */
    csrf?: boolean;
  }
}

export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
const CHANGING_GETS = new Set(['/api/v1/remove-plan-from-cart']);

/**
 * Hands out the token cookie when the request has none (or a malformed one). The API does it on any call; the
 * page (index.html) does it too, so that the app's first calls, made all at once, share one token.
 */
export function issueCsrfCookie(request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[CSRF_COOKIE];
  if (token && token.length <= 100) return;
  reply.setCookie(CSRF_COOKIE, randomToken(24), { path: '/', sameSite: 'strict', httpOnly: false, secure: secureCookie(request) });
  request.cookies[CSRF_COOKIE] = '';
}

export default fp(
  async (app) => {
    // A callback hook (no promise per request): done(error) refuses the request.
    app.addHook('onRequest', (request, reply, done) => {
      const url = pathOf(request.url);
      if (!url.startsWith('/api/') && !url.startsWith('/get-dynamic-tabs')) return done();
      issueCsrfCookie(request, reply);
      // An endpoint that answers anyone the same and changes nothing (contract `crossSite`: verify-document).
      if (request.routeOptions.config?.csrf === false) return done();
      const safe = (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') && !CHANGING_GETS.has(url);
      if (safe) return done();
      const sent = request.headers[CSRF_HEADER];
      const expected = request.cookies[CSRF_COOKIE];
      const tokenError =
        typeof sent !== 'string' || !expected || !timingSafeEqualText(sent, expected)
          ? new HttpError(403, 'Missing or invalid CSRF token')
          : undefined;
      // The Origin, when sent, must be one of the store's configured origins (plugins/origins.ts), not whatever
      // the request's own Host header says.
      const origin = request.headers.origin;
      if (origin === undefined) return done(tokenError);
      app.origins.allows(origin).then((allowed) => done(allowed ? tokenError : new HttpError(403, 'Cross-site request refused')), done);
    });
  },
  { name: 'csrf', dependencies: ['origins'] },
);

/** The path of a request URL (without its query). */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
