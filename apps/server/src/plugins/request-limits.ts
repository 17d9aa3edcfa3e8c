import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOO_MANY_REQUESTS } from '@store/domain/abuse-limits';
import { HttpError } from '../lib/errors.ts';
import { clientAddress } from '../lib/client-address.ts';
import type { RateLimiter } from './rate-limiter.ts';

/**
 * A limit per client address (its /64 for IPv6: lib/client-address.ts) on every request but static files (one
 * onRequest hook): REQUESTS_PER_MINUTE reads (GET, HEAD), a quarter of it for changes, and a ceiling of new quotes
 * set for an office (limitNewQuotes, NEW_QUOTES_PER_ADDRESS_HOUR). REQUESTS_PER_MINUTE=0 turns both off; the limits
 * keyed on a session, an account, a code, a card or a recipient stay on (decision 2330).
 * The per-code limits of sign-in, codes and mail (plugins/rate-limiter.ts) stay on top.
 *
 * The counters are the database's (`rate_limits`), so every store process counts together, without a write per
 * request: a process adds what it counted to an address's shared row on its first request, once a second after
 * that (a timer, which past half the limit also reads the others' counts back), and at once when its own estimate
 * passes the limit (sharedCounter below). Processes so agree within about two seconds.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The ceiling of new quotes per client address; absent when REQUESTS_PER_MINUTE is 0. */
    limitNewQuotes?: (request: FastifyRequest) => Promise<void>;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
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

/**
 * The per-address counters on the shared rate_limits table, with the write-behind described above. `count` adds a
 * request and gives the address's count so far: at once from memory, or once a sync has answered (an address's
 * first request, and a count past the limit by this process's estimate).
 */
export function sharedCounter(limiter: RateLimiter) {
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

  return {
    /** Counts a request of `key`: every process's count of its window so far, this one included. */
    count(key: string, windowMs: number, max: number): number | Promise<number> {
      const e = entry(key, windowMs, max, Date.now());
      e.pending++;
      const estimate = e.known + e.inflight + e.pending;
      if (e.syncedAt !== 0 && !(e.known <= max && estimate > max)) return estimate;
      return sync(key, e).then(() => e.known + e.inflight + e.pending);
    },
    /** Seconds until `key`'s window ends (at least 1): the Retry-After of a refused request. */
    retryAfter(key: string): number {
      const e = entries.get(key);
      return Math.max(1, Math.ceil(((e?.resetAt ?? 0) - Date.now()) / 1000));
    },
    close: () => clearInterval(timer),
  };
}

/**
 * The hook counts with a callback: a request within the limit goes on in the same tick, with no promise (the
 * plugin's asynchronous handler cost a tenth of the plan list's throughput: docs/decisions/2210-address-limit-hook.md).
 */
export default fp(
  async (app) => {
    const perMinute = app.config.REQUESTS_PER_MINUTE;
    if (perMinute === 0) return;
    const counter = sharedCounter(app.rateLimiter);
    app.addHook('onClose', async () => counter.close());
    // Reads and changes count apart; a quarter as many changes.
    const limits = {
      read: { prefix: 'req:read:', max: perMinute },
      change: { prefix: 'req:change:', max: Math.max(1, Math.floor(perMinute / 4)) },
    };
    function verdict(key: string, current: number, max: number, done: (err?: Error) => void) {
      if (current <= max) return done();
      done(new HttpError(429, TOO_MANY_REQUESTS, undefined, { retryAfter: counter.retryAfter(key) }));
    }
    // One of the first hooks of every request, 404s and static files included (before the session's look-up).
    app.addHook('onRequest', function perAddressLimit(request, _reply, done) {
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (read && isStaticFile(request)) return done();
      const limit = read ? limits.read : limits.change;
      const key = limit.prefix + clientAddress(request);
      const counted = counter.count(key, MINUTE, limit.max);
      if (typeof counted === 'number') verdict(key, counted, limit.max, done);
      else counted.then((n) => verdict(key, n, limit.max, done), done);
    });
    // New quotes (and with them sessions) from one address: a ceiling set for an office, on top of the limit of
    // changes and of the limit per session (modules/quote).
    const newQuotesPerHour = app.config.NEW_QUOTES_PER_ADDRESS_HOUR;
    if (newQuotesPerHour > 0)
      app.decorate('limitNewQuotes', (request: FastifyRequest) =>
        app.rateLimiter.enforce(`new-quote:ip:${clientAddress(request)}`, newQuotesPerHour, HOUR, TOO_MANY_REQUESTS),
      );
  },
  { name: 'request-limits', dependencies: ['rate-limiter'] },
);

/**
 * A file of the built web app (a route of @fastify/static, a name with an extension): not counted, a page loads
 * dozens. A request for a file that is not there (a 404) is counted.
 */
function isStaticFile(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && !url.startsWith('/api/') && /\.[a-z0-9]{1,8}$/i.test(url);
}

/** The bucket every per-address limit counts by (lib/client-address.ts). */
export { addressKey } from '../lib/client-address.ts';
