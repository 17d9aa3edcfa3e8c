import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { REQUEST_LIMITS, TOO_MANY_REQUESTS } from '@store/domain/abuse-limits';

const NEW_QUOTES = { max: REQUEST_LIMITS.newQuotesPer10Minutes, windowMs: 10 * 60_000 };
import { HttpError } from '../lib/errors.ts';
import type { RateLimiter } from './rate-limiter.ts';

/**
 * A limit per client address on every request (@fastify/rate-limit): REQUESTS_PER_MINUTE reads (GET, HEAD), a
 * quarter of it for changes, and a tighter one on new quotes (limitNewQuotes).
 * The per-code limits of sign-in, codes and mail (plugins/rate-limiter.ts) stay on top.
 *
 * The counters are the database's (`rate_limits`), so every store process counts together, without a write per
 * request: a process adds what it counted to an address's shared row on its first request, once a second after
 * that (a timer, which past half the limit also reads the others' counts back), and at once when its own estimate
 * passes the limit (sharedStore below). Processes so agree within about two seconds.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The tighter limit of new quotes per client address; absent when REQUESTS_PER_MINUTE is 0. */
    limitNewQuotes?: (request: FastifyRequest) => Promise<void>;
  }
}

const MINUTE = 60_000;
/** How often a process adds its counts to the shared rows (and learns the other processes' counts). */
const SYNC_MS = 1000;

interface Entry {
  resetAt: number;
  /** The shared count at the last sync (every process's). */
  known: number;
  /** Counted here since the last sync. */
  pending: number;
  /** Counted here and being added to the shared row by a sync not yet answered (still counted meanwhile). */
  inflight: number;
  /** The last sync: syncs of one key run one after the other, so `known` only moves forward. */
  syncing: Promise<void>;
  syncedAt: number;
  windowMs: number;
  max: number;
}
type Incr = (key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number, max: number) => void;

/** A @fastify/rate-limit store on the shared rate_limits table, with the write-behind described above. */
export function sharedStore(limiter: RateLimiter) {
  const entries = new Map<string, Entry>();

  function sync(key: string, e: Entry): Promise<void> {
    const run = async () => {
      const n = e.pending;
      e.pending = 0;
      e.inflight += n;
      e.syncedAt = Date.now();
      try {
        const r = await limiter.add(key, n, e.windowMs);
        e.known = r.count;
        e.resetAt = r.resetAt;
      } catch (err) {
        e.pending += n;
        throw err;
      } finally {
        e.inflight -= n;
      }
    };
    const next = e.syncing.catch(() => undefined).then(run);
    e.syncing = next;
    return next;
  }

  function entry(key: string, windowMs: number, max: number, now: number): Entry {
    let e = entries.get(key);
    if (!e || e.resetAt <= now) {
      e = { resetAt: now + windowMs, known: 0, pending: 0, inflight: 0, syncing: Promise.resolve(), syncedAt: 0, windowMs, max };
      entries.set(key, e);
    }
    return e;
  }

  // Once a second: counts not yet shared are added to the table; windows that are over are dropped from memory.
  let flushing = false;
  const timer = setInterval(() => {
    if (flushing) return;
    flushing = true;
    const now = Date.now();
    const work: Promise<void>[] = [];
    for (const [key, e] of entries) {
      if (e.resetAt <= now && e.pending === 0) entries.delete(key);
      // Counted here, or past half the limit (then the others' counts are read back too, to stop in time).
      else if (e.pending > 0 || (e.resetAt > now && e.known <= e.max && e.known * 2 >= e.max))
        work.push(sync(key, e).catch(() => undefined));
    }
    void Promise.all(work).finally(() => (flushing = false));
  }, SYNC_MS);
  timer.unref();

  type Options = { keyPrefix?: string };
  class SharedStore {
    private readonly prefix: string;
    constructor(options: Options = {}) {
      this.prefix = options.keyPrefix ?? 'req:';
    }
    incr: Incr = (address, cb, timeWindow, max) => {
      const key = this.prefix + address;
      const now = Date.now();
      const e = entry(key, timeWindow, max, now);
      e.pending++;
      const estimate = e.known + e.inflight + e.pending;
      if (e.syncedAt !== 0 && !(e.known <= max && estimate > max)) {
        cb(null, { current: estimate, ttl: e.resetAt - now });
        return;
      }
      sync(key, e).then(
        () => cb(null, { current: e.known + e.inflight + e.pending, ttl: Math.max(0, e.resetAt - Date.now()) }),
        (err: Error) => cb(err),
      );
    };
    child(options: Options) {
      return new SharedStore(options);
    }
  }
  return { Store: SharedStore, close: () => clearInterval(timer) };
}

export default fp(
  async (app) => {
    const perMinute = app.config.REQUESTS_PER_MINUTE;
    if (perMinute === 0) return;
    const shared = sharedStore(app.rateLimiter);
    app.addHook('onClose', async () => shared.close());
    await app.register(rateLimit, {
      // The limit runs as one of the first hooks of every request (below), 404s and static files included.
      global: false,
      store: shared.Store as never,
      keyGenerator: (request) => addressKey(request.ip),
      errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
      // Only Retry-After: the remaining count would tell a prober how far the limit is.
      addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    });
    // (keyPrefix is this store's option: reads and changes count apart.)
    const reads = app.rateLimit({ max: perMinute, timeWindow: MINUTE, keyPrefix: 'req:read:' } as never);
    const changes = app.rateLimit({ max: Math.max(1, Math.floor(perMinute / 4)), timeWindow: MINUTE, keyPrefix: 'req:change:' } as never);
    app.addHook('onRequest', function perAddressLimit(request, reply) {
      return (request.method === 'GET' || request.method === 'HEAD' ? reads : changes).call(app, request, reply);
    });
    // New quotes (and with them sessions) from one address: tighter, on top of the limit of changes.
    app.decorate('limitNewQuotes', (request: FastifyRequest) =>
      app.rateLimiter.enforce(`new-quote:ip:${request.ip}`, NEW_QUOTES.max, NEW_QUOTES.windowMs, TOO_MANY_REQUESTS),
    );
  },
  { name: 'request-limits', dependencies: ['rate-limiter'] },
);

/**
 * The bucket of a client address: an IPv4 address itself, an IPv6 address its /64 network (one subscriber's usual
 * allocation: counting single IPv6 addresses would give anyone countless buckets).
 */
export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip; // IPv4, the usual case: no need for the IPv6 pattern
  if (!net.isIPv6(ip) || ip.includes('.')) return ip.replace(/^::ffff:/i, '');
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
