import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import apiDocs from './plugins/api-docs.ts';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import dbPlugin, { type CoreDeps } from './plugins/db.ts';
import { trustProxyOption } from './config/env.ts';
import sessionPlugin, { sessionPurgePlugin } from './plugins/session.ts';
import csrfPlugin from './plugins/csrf.ts';
import originsPlugin from './plugins/origins.ts';
import rateLimiterPlugin from './plugins/rate-limiter.ts';
import requestLimitsPlugin from './plugins/request-limits.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import mailerPlugin from './plugins/mailer.ts';
import webPlugin from './plugins/web.ts';
import jobsPlugin from './plugins/jobs.ts';
import { fieldError, HttpError } from './lib/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable.ts';
import { lazyChildLoggerFactory } from './lib/lazy-logger.ts';
import { REDACT_PATHS, redactUrl, serializeRequest } from './lib/redact.ts';
import { lineByLine, requestLog } from './lib/request-log.ts';
import { loadFeatureRoutes } from './modules/all.ts';
import { depsOf } from './lib/deps.ts';
import { SECURITY_SCHEMES } from './lib/openapi.ts';

export type App = FastifyInstance;

/** Builds the store's server (for `server.ts` and for tests). Modules under modules/<feature>/routes.ts load themselves. */
export async function buildApp(
  deps: CoreDeps,
  opts: { logger?: FastifyServerOptions['logger']; logStream?: { write(line: string): void } } = {},
): Promise<App> {
  // The log goes to stdout through pino's destination (sonic-boom), synchronously as pino's default has it: a line is
  // out before the next request is read, and a crash loses none. The request lines, most of the log, leave in one
  // write per turn of the event loop (lib/request-log.ts); the asynchronous mode handed every write to a thread of the
  // pool and cost more (docs/decisions/2200-request-line.md). Byte mode: pino's strings are made bytes here.
  const destination =
    opts.logger === undefined && !opts.logStream ? pino.destination({ dest: 1, sync: true, contentMode: 'buffer' }) : undefined;
  const logOut = destination && { write: (line: string) => void destination.write(Buffer.from(line) as unknown as string) };
  // Every request's line at info: method, redacted URL, host, client address, status and time (lib/request-log.ts:
  // noted when the request is answered, made with the others of the same turn of the event loop, written in chunks
  // to the same place as the rest of the log). The line holds nothing the redaction rules look for (the URL is
  // redacted, no headers, no body). Any other line of the log first lets the waiting request lines out: the file
  // stays in order.
  const lineOut = opts.logger === undefined ? (opts.logStream ? lineByLine(opts.logStream) : logOut) : undefined;
  const infoOn = pino.levels.values[deps.config.LOG_LEVEL] <= pino.levels.values.info;
  const requestLines = lineOut && infoOn ? requestLog(lineOut.write) : undefined;
  const logStream = opts.logStream ?? logOut;
  const inOrder = logStream && {
    write(line: string) {
      requestLines?.flush();
      logStream.write(line);
    },
  };
  const app = Fastify({
    logger: opts.logger ?? {
      level: deps.config.LOG_LEVEL,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      ...(inOrder ? { stream: inOrder } : {}),
    },
    // One line per request, when it is answered (below), from the store's own logger: Fastify's two lines (incoming,
    // completed) each made the request's pino child and serialized the request twice.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    requestIdHeader: false,
    // Each request's logger becomes a pino child only when the request logs something (lib/lazy-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory as never,
    // Every route validates and serializes with zod: give Fastify those compilers from the start, so that it never
    // loads its default ones (ajv and fast-json-stringify cost a tenth of a second at start-up).
    // (Fastify types these factories after ajv's; they take the route's schema just the same.)
    schemaController: {
      compilersFactory: { buildValidator: (() => validatorCompiler) as never, buildSerializer: (() => serializerCompiler) as never },
    },
    // Requests the router refuses (a path parameter over its length, a malformed URL) get the error envelope too.
    frameworkErrors: (err, _request, reply) => {
      const code = (err as { statusCode?: number }).statusCode ?? 400;
      void (reply as unknown as FastifyReply)
        .code(code)
        .send({ status: 'error', message: code === 414 ? 'The request is too large.' : 'The request could not be read.' });
    },
    // Requests the HTTP parser refuses (headers over 16 kB, malformed) still get the error envelope.
    clientErrorHandler: (err, socket) => {
      if (socket.destroyed || !socket.writable) return;
      const code = (err as { code?: string }).code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = JSON.stringify({
        status: 'error',
        message: code === 431 ? 'The request is too large.' : 'The request could not be read.',
      });
      socket.end(
        `HTTP/1.1 ${code} ${code === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Shed load rather than fall over: past MAX_IN_FLIGHT requests in progress, answer 503 at once.
  // The count goes down when the response closes, whether it was sent or the client went away first (onResponse
  // does not run for an aborted request: the counter would creep up until every request got 503).
  let inFlight = 0;
  // One shared listener ('close' is emitted once per response), and callback hooks: no promise per request.
  function release() {
    inFlight--;
  }
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight++;
    reply.raw.on('close', release);
    if (inFlight > deps.config.MAX_IN_FLIGHT) {
      reply.header('retry-after', '1');
      reply.code(503).send({ status: 'error', message: 'The store is busy. Please try again in a moment.' });
      return;
    }
    done();
  });

  if (requestLines) {
    app.addHook('onResponse', (request, reply, done) => {
      requestLines.record({
        reqId: request.id,
        method: request.method,
        url: request.url,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
        statusCode: reply.statusCode,
        // in ms to the microsecond: writing a double's 17 digits cost more than any other field
        responseTime: Math.round(reply.elapsedTime * 1000) / 1000,
      });
      done();
    });
    app.addHook('onClose', (_app, done) => {
      requestLines.flush();
      done();
    });
  }

  // PostgreSQL text cannot hold NUL characters: refuse them as bad input (422) rather than fail in the database. In
  // the path and the query a NUL can only come as %00 (the HTTP parser refuses a raw one in the URL): without it
  // there, only the body is read. A body of bytes (verify-document's PDF) is not text and is not read (issue 34).
  app.addHook('preValidation', (request, _reply, done) => {
    const inUrl = request.url.includes('%00') ? (findNul(request.params) ?? findNul(request.query)) : null;
    const where = inUrl ?? findNul(request.body);
    done(where === null ? undefined : fieldError(where.join('.') || 'form', 'Invalid characters'));
  });

  await app.register(dbPlugin, deps);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, {
    hsts: deps.config.NODE_ENV === 'production',
    stripe: deps.payments.cardEntry.provider === 'stripe',
  });
  // Counters in the database, and the limit per client address on every request (before the session's look-up).
  await app.register(rateLimiterPlugin);
  await app.register(requestLimitsPlugin);
  // Responses of 1 kB and more go out brotli- or gzip-compressed when the client accepts it (JSON, the HTML page,
  // static files without a .br/.gz beside them); PDFs, images and event streams are sent as they are. Request
  // bodies are never decompressed (bodyLimit stays a limit on what is received).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(sessionPlugin);
  await app.register(sessionPurgePlugin);
  await app.register(originsPlugin);
  await app.register(csrfPlugin);
  await app.register(mailerPlugin);
  await app.register(jobsPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Benefit Store API', version: '1.0.0', description: 'The HTTP contract of the benefit store.' },
      // The configured origin; GET /api/openapi.json names the origin of the site it is asked from (lib/openapi.ts).
      servers: [{ url: deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : '/' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const seen = new Set<string>();
      const data = [];
      for (const v of error.validation) {
        const target =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || 'form');
        if (seen.has(target)) continue;
        seen.add(target);
        data.push({ target_element: target, error_message: v.message ?? 'Invalid value' });
      }
      return reply.code(422).send({ status: 'error', message: data[0]?.error_message ?? 'Invalid input', data });
    }
    if (error instanceof HttpError) {
      if (error.extra?.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
      return reply
        .code(error.statusCode)
        .send({ status: 'error', message: error.message, ...(error.fieldErrors ? { data: error.fieldErrors } : {}) });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, unreachable, no free connection): try again shortly; the process stays up.
      request.log.warn({ err: error, url: redactUrl(request.url) }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ status: 'error', message: 'The store is busy. Please try again in a moment.' });
    }
    if (isResponseSerializationError(error)) {
      // The URL redacted as in the request line: a query may carry a routing number or an e-mail (issue 34).
      request.log.error({ err: error, url: redactUrl(request.url) }, 'response did not match its schema');
      return reply.code(500).send({ status: 'error', message: 'Something went wrong. Please try again.' });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'The request is too large.'
          : status === 401
            ? 'Please sign in'
            : status === 400
              ? 'The request could not be read.'
              : (error as Error).message;
      return reply.code(status).send({ status: 'error', message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 'error', message: 'Something went wrong. Please try again.' });
  });

  // Feature modules: every modules/<feature>/routes.ts exports a default Fastify plugin, registered with the services'
  // dependencies made once here (lib/deps.ts, decision 2350).
  const services = depsOf(app);
  for (const routes of await loadFeatureRoutes()) await app.register(routes, { deps: services });

  app.get('/api/openapi.json', { schema: { hide: true } }, async (request) => ({
    ...app.swagger(),
    servers: [{ url: await app.origins.linkOriginFor(request.headers.host), description: 'This store' }],
  }));
  await app.register(apiDocs);

  // The built React app on the same origin; any other page is the app's own router (404 page included).
  await app.register(webPlugin, { dist: deps.config.webDist });

  if (destination) {
    // What is still in the buffer is written out when the store closes, and when the process exits any other way.
    const flush = () => {
      try {
        requestLines?.flush();
        destination.flushSync();
      } catch {
        /* nothing to flush, or stdout is gone */
      }
    };
    process.once('exit', flush);
    app.addHook('onClose', (_app, done) => {
      flush();
      process.off('exit', flush);
      done();
    });
  }

  return app;
}

/**
 * The path of the first string (or key) holding a NUL character, or null. Bytes (Buffers, typed arrays) are not
 * walked; arrays are walked by index and a path is made only for a hit, so a walk costs less than the JSON parse that
 * made the value (Object.entries and a path string for every element made a 2 MB array a stall of half a second).
 */
function findNul(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (value === null || typeof value !== 'object' || depth > 20 || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v !== 'string' && (v === null || typeof v !== 'object')) continue;
      const hit = findNul(v, depth + 1);
      if (hit) return [String(i), ...hit];
    }
    return null;
  }
  for (const k of Object.keys(value)) {
    if (k.includes('\u0000')) return [k];
    const hit = findNul((value as Record<string, unknown>)[k], depth + 1);
    if (hit) return [k, ...hit];
  }
  return null;
}
