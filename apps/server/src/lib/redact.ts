/**
 * Log redaction: no SSN, card, account or routing number, security code, password, token or health answer
 * ever reaches a log line (pino redact paths; request bodies are not logged at all).
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.ssn',
  '*.card_number',
  '*.security_code',
  '*.account_number',
  '*.routing_number',
  '*.bank_routing',
  '*.signature',
  '*.health_info',
  '*.condition_questions',
  '*.medication_question',
  '*.code',
  '*.token',
];

/** Query values that may appear in logs (ids and codes of the catalog); every other value is replaced. */
/** Short ids and words only: never the 9 digits of an SSN or routing number, nor a card or account number. */
const HARMLESS_VALUE = /^(\d{1,8}|[A-Za-z_ ,-]{0,40})$/;
const LOGGABLE_QUERY =
  /^(agent_id|group_id|platform_group_id|pid|plan_id|planId|column|tab|category|categories|site_domain|site_name|landing_page|from_site|limit|offset|page|type|tier)$/;

/**
 * A request URL fit for a log line: query values other than harmless ids are replaced (a routing number or an
 * e-mail may travel in a query), and the signed tokens of direct-continue and reminder-unsubscribe links are hidden.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  // (the pattern only where it can match: most paths hold no signed token)
  const pathPart =
    path.includes('/direct-continue/') || path.includes('/reminders/unsubscribe/')
      ? path.replace(/(\/(?:direct-continue|reminders\/unsubscribe)\/)[^/?#]+/, '$1[redacted]')
      : path;
  if (q < 0) return pathPart;
  const parts: string[] = [];
  for (const [k, v] of queryPairs(url.slice(q + 1)))
    parts.push(`${encodeURIComponent(k)}=${LOGGABLE_QUERY.test(k) && HARMLESS_VALUE.test(v) ? encodeURIComponent(v) : '[redacted]'}`);
  return `${pathPart}?${parts.join('&')}`;
}

/**
 * A query's names and values as URLSearchParams reads them. Without a '%' or '+' (nor a second '?' in front) there is
 * nothing to decode, and splitting on '&' and the first '=' gives the same pairs at a fraction of the cost: every
 * request's log line reads its query (lib/request-log.ts).
 */
export function queryPairs(query: string): Iterable<[string, string]> {
  if (query.startsWith('?') || query.includes('%') || query.includes('+')) return new URLSearchParams(query);
  const pairs: [string, string][] = [];
  for (const piece of query.split('&')) {
    if (!piece) continue;
    const eq = piece.indexOf('=');
    pairs.push(eq < 0 ? [piece, ''] : [piece.slice(0, eq), piece.slice(eq + 1)]);
  }
  return pairs;
}

/** pino serializer of a request: fastify's fields, with the URL redacted. */
export function serializeRequest(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
