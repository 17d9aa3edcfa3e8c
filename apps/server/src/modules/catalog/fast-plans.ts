import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sessionOwnsNow } from '../../lib/access.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { SESSION_COOKIE, settledSession } from '../../plugins/session.ts';
import { serializeRequest } from '../../lib/redact.ts';
import { zEnrollmentId } from '../../lib/http.ts';
import { filteredPlansKey, readyCatalogJson } from './cache.ts';

/** The one request this answers: the whole plan list of a quote, nothing else in the query (the plans page's call). */
const PREFIX = '/api/v1/get-filtered-plans?enrollment_id=';
/** The whole list's key, the same for every quote. */
const WHOLE_LIST = filteredPlansKey();

/**
 * The store's hottest read answered before Fastify's routing and hooks (docs/decisions/0970-fast-plan-list.md):
 * `GET /api/v1/get-filtered-plans?enrollment_id=…`, when everything the route needs is already in memory on the
 * embedded database: the browser's CSRF cookie (else the route would hand one out), its session row, the quote's
 * owner and the list's ready bytes. The same checks as the route (the session hook's settledSession, the ownership
 * check's sessionOwnsNow) and the same answer to the byte (security headers, compression, Vary): a test compares the
 * two. Anything else, or anything not in memory, returns false and goes the usual way.
 *
 * Returns a request listener's front half: true when it answered.
 */
export function filteredPlansFastRead(app: FastifyInstance, securityHeaders: Readonly<Record<string, string>>): (req: IncomingMessage, res: ServerResponse) => boolean {
  const fixed = Object.entries(securityHeaders).flat();
  const logRequests = (app.log as { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.('info') ?? true;
  const count = app.countRequestNow;
  const behindProxy = app.config.TRUST_PROXY !== false;
  return (req, res) => {
    const url = req.url!;
    if (req.method !== 'GET' || !url.startsWith(PREFIX)) return false;
    // The route's own rule for the id; the characters it allows need no decoding, so the text is the route's value.
    const id = zEnrollmentId.safeParse(url.slice(PREFIX.length));
    if (!id.success) return false;
    const enrollmentId = id.data;
    const header = req.headers.cookie;
    if (header === undefined) return false;
    const cookies = app.parseCookie(header);
    const csrf = cookies[CSRF_COOKIE];
    if (!csrf || csrf.length > 100) return false;
    const session = settledSession(app, cookies[SESSION_COOKIE]);
    if (!session || !sessionOwnsNow(app, session, enrollmentId)) return false;
    const ready = readyCatalogJson(app, WHOLE_LIST);
    if (!ready) return false;
    // The limit per client address (plugins/request-limits.ts) counts this read too, when it can from memory;
    // behind a proxy (TRUST_PROXY) the client's address is the router's to work out.
    if (count && (behindProxy || !count(req.socket.remoteAddress ?? ''))) return false;
    const started = logRequests ? performance.now() : 0;
    ready.write(req.headers['accept-encoding'], res, fixed);
    // Fastify's two lines (incoming, completed) as one, with the same redacted request (lib/redact.ts).
    if (logRequests) {
      const socket = req.socket;
      app.log.info(
        { req: serializeRequest({ method: 'GET', url, host: req.headers.host, ip: socket.remoteAddress, socket }), res: { statusCode: 200 }, responseTime: performance.now() - started },
        'request completed',
      );
    }
    return true;
  };
}
