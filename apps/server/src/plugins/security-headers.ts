import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The headers a middleware that only sets fixed headers sets (run once against a recording response). */
function fixedHeaders(middleware: (req: never, res: never, next: (err?: unknown) => void) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  let called = false;
  middleware({} as never, res as never, (err) => {
    called = true;
    failure = err;
  });
  if (!called || failure) throw new Error('security headers could not be worked out', { cause: failure });
  return headers;
}

/**
 * Every answer's security headers: on pages, helmet's and a permissions policy; on API answers, the ones OWASP's REST
 * Security Cheat Sheet lists for an API (apiHeaders below). They depend on nothing in the request but its path, so
 * they are worked out once at start and set by one onRequest hook (helmet's Fastify wrapper rebuilt the middleware,
 * CSP text and all, for every request).
 */
export default fp<{ hsts: boolean; stripe?: boolean }>(
  async (app, opts) => {
    // Stripe's mode (decision 2510): the billing step loads Stripe.js, which frames the card fields and calls Stripe's
    // API from the page (the sources Stripe's documentation lists for its Content Security Policy).
    const stripe = (list: string[], ...more: string[]) => (opts.stripe ? [...list, ...more] : list);
    const securityHeaders = fixedHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: stripe(["'self'"], 'https://js.stripe.com', 'https://*.js.stripe.com'),
            scriptSrcAttr: ["'none'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: stripe(["'self'"], 'https://api.stripe.com'),
            mediaSrc: ["'self'"],
            frameSrc: opts.stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
        },
        crossOriginEmbedderPolicy: false,
        strictTransportSecurity: opts.hsts,
      }),
    );
    // No page of the store uses the camera, the microphone, where a person is, payment handlers or devices.
    securityHeaders['permissions-policy'] = opts.stripe
      ? PERMISSIONS_POLICY.replace('payment=()', 'payment=(self "https://js.stripe.com")')
      : PERMISSIONS_POLICY;
    const apiSecurityHeaders = apiHeaders(securityHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? apiSecurityHeaders : securityHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), display-capture=(), browsing-topics=()';

/** The headers that only a browsing context (an HTML document) acts on. */
const DOCUMENT_ONLY_HEADERS = new Set([
  'cross-origin-opener-policy',
  'permissions-policy',
  'x-dns-prefetch-control',
  'origin-agent-cluster',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * API answers are JSON (or a download), never a page that loads anything: the policy lets such an answer, opened in
 * a tab, load and run nothing, and be framed by nobody (`default-src 'none'; frame-ancestors 'none'`, stricter than
 * the pages' policy and a tenth of its length). They keep the headers that guard any response (nosniff, framing,
 * referrer, cross-origin reads, HSTS) and no-store: they carry people's data (carts, enrollments, quotes, the
 * console), so no browser or proxy keeps a copy. Left out are those only a document acts on: the opener and
 * permissions policies and helmet's five legacy ones. Each header left out is work not done on the most frequent
 * answers (docs/decisions/2220-api-answer-headers.md).
 */
export function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers = Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name)));
  headers['content-security-policy'] = API_POLICY;
  headers['x-frame-options'] = 'DENY';
  headers['cache-control'] = 'no-store';
  return headers;
}

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Under /api/, everything but the API's documentation for people (the Swagger UI page and its files: a document). */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}
