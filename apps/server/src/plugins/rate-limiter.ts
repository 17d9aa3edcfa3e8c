import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/errors.ts';
import { addToCounter, deleteCounter, deleteCountersEndedBefore } from './rate-limiter-repository.ts';

/**
 * Fixed-window counters kept in the database, so several server processes sharing one PostgreSQL
 * count together. consume() is one atomic upsert.
 */
export interface RateLimiter {
  /**
   * Adds n to the key's counter (a new window when the last one is over): the count and when the window ends. In the
   * caller's transaction when given one (the count then stands or falls with the caller's work).
   */
  add(
    key: string,
    n: number,
    windowMs: number,
    trx?: Kysely<Database> | Transaction<Database>,
  ): Promise<{ count: number; resetAt: number }>;
  consume(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSec: number }>;
  /** Throws 429 when the limit is passed. */
  enforce(key: string, max: number, windowMs: number, message?: string): Promise<void>;
  reset(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export default fp(
  async (app) => {
    const limiter: RateLimiter = {
      async add(key, n, windowMs, trx) {
        const resetAt = new Date(Date.now() + windowMs);
        const { count, reset_at } = await addToCounter(trx ?? app.db, key, n, resetAt);
        return { count, resetAt: new Date(reset_at).getTime() };
      },
      async consume(key, max, windowMs) {
        const { count, resetAt } = await limiter.add(key, 1, windowMs);
        const retryAfterSec = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
        return { allowed: count <= max, retryAfterSec };
      },
      async enforce(key, max, windowMs, message = 'Too many attempts. Please try again later.') {
        const r = await limiter.consume(key, max, windowMs);
        if (!r.allowed) throw new HttpError(429, message, undefined, { retryAfter: r.retryAfterSec });
      },
      async reset(key) {
        await deleteCounter(app.db, key);
      },
    };
    app.decorate('rateLimiter', limiter);

    // Expired counters are dropped now and then, so the table does not grow with every address and code tried.
    const purge = () =>
      deleteCountersEndedBefore(app.db, new Date(Date.now() - 60_000)).catch((err) => app.log.warn({ err }, 'rate limit purge failed'));
    const timer = setInterval(() => void purge(), 5 * 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'rate-limiter', dependencies: ['db'] },
);
