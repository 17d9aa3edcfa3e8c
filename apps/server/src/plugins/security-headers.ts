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
 * Every answer's security headers: helmet's, a permissions policy, and no-store on API answers. They depend on nothing
 * in the request, so they are worked out once at start and set by one onRequest hook (helmet's Fastify wrapper rebuilt
 * the middleware, CSP text and all, for every request).
 */
export default fp<{ hsts: boolean }>(
  async (app, opts) => {
    const securityHeaders = fixedHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            scriptSrcAttr: ["'none'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            mediaSrc: ["'self'"],
            frameSrc: ["'none'"],
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
    securityHeaders['permissions-policy'] = PERMISSIONS_POLICY;
    // API answers are JSON, never a document: they carry the same policy and the headers that guard any response
    // (nosniff, framing, referrer, cross-origin isolation, HSTS), but not the five that only a document acts on
    // (DNS prefetching, agent clusters, IE8's download prompt, Adobe's cross-domain policies, the XSS auditor). Every
    // header costs a cached read about 1.5 us to write; see docs/decisions/0900-caches.md.
    const apiSecurityHeaders = Object.fromEntries(Object.entries(securityHeaders).filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name)));
    // API answers carry people's data (carts, enrollments, quotes, the console): no browser or proxy keeps a copy. A
    // route that means to be cached says so itself (none under /api does today).
    apiSecurityHeaders['cache-control'] = 'no-store';
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/api/') ? apiSecurityHeaders : securityHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), display-capture=(), browsing-topics=()';

/** Helmet's headers that only a browsing context (an HTML document) acts on. */
const DOCUMENT_ONLY_HEADERS = new Set([
  'x-dns-prefetch-control',
  'origin-agent-cluster',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);
