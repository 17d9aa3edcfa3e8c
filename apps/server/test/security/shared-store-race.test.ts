import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedCounter } from '../../src/plugins/request-limits.ts';
import type { RateLimiter } from '../../src/plugins/rate-limiter.ts';

/**
 * The write-behind counter of the per-address limit (plugins/request-limits.ts): while the once-a-second sync is
 * adding a process's counts to the shared row, the requests counted meanwhile must still see those counts. Found as
 * an 11th change let through by security/request-limits.test.ts on a busy machine.
 */
describe('security: the shared request-limit store during a sync', () => {
  afterEach(() => vi.useRealTimers());

  it('counts what a sync in flight is adding, so the request past the limit is refused', async () => {
    vi.useFakeTimers();
    let shared = 0;
    const pending: { n: number; resolve: () => void }[] = [];
    const limiter = {
      // The database row: applied when the caller lets it answer (so a sync can be held in flight).
      add: (_key: string, n: number) =>
        new Promise<{ count: number; resetAt: number }>((resolve) =>
          pending.push({ n, resolve: () => resolve({ count: (shared += n), resetAt: Date.now() + 60_000 }) }),
        ),
    } as unknown as RateLimiter;
    const { count, close } = sharedCounter(limiter);
    const MAX = 10;
    const incr = async () => count('req:change:203.0.113.7', 60_000, MAX);
    // Lets the held adds answer, in order, and what they start run.
    const settle = async () => {
      for (let round = 0; round < 5; round++) {
        while (pending.length) pending.shift()!.resolve();
        await vi.advanceTimersByTimeAsync(0);
      }
    };

    // The first request of the address is shared at once.
    const first = incr();
    await settle();
    expect(await first).toBe(1);
    // Eight more, counted here.
    for (let i = 0; i < 8; i++) expect(await incr()).toBe(i + 2);
    // The timer's sync takes those eight and is held in flight.
    await vi.advanceTimersByTimeAsync(1000);
    expect(pending.map((p) => p.n)).toEqual([8]);
    // The 10th request is within the limit; the 11th is past it, sync or no sync.
    expect(await incr()).toBe(10);
    const eleventh = incr();
    await settle();
    expect(await eleventh).toBeGreaterThan(MAX);
    expect(shared).toBe(11);
    close();
  });
});
