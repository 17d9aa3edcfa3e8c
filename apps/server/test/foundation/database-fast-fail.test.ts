import { afterEach, expect, it, vi } from 'vitest';
import { DatabaseAwayError, fastFailWhileAway, isDatabaseUnavailable } from '../../src/db/unavailable.ts';

/**
 * Issue 40: once getting a connection failed because the database is away, requests are answered at once (503) and
 * one request every probeMs tries the database; the first connection it gets ends the outage. A full pool (a wait
 * for a free connection that ran out) is busy, not away.
 */
afterEach(() => vi.useRealTimers());

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

it('fails at once while the database is away, probes every probeMs, and serves again after a probe gets through', async () => {
  vi.useFakeTimers({ now: 1_000_000 });
  let up = false;
  let tries = 0;
  const connect = fastFailWhileAway(async () => {
    tries++;
    if (!up) throw refused();
    return 'client';
  }, 250);
  await expect(connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  expect(tries).toBe(1);
  // Within probeMs: answered without trying; what is thrown is a database-unavailable error (503 with Retry-After).
  for (let i = 0; i < 5; i++) {
    const err = await connect().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseAwayError);
    expect(isDatabaseUnavailable(err)).toBe(true);
  }
  expect(tries).toBe(1);
  vi.advanceTimersByTime(250);
  await expect(connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  expect(tries).toBe(2);
  await expect(connect()).rejects.toBeInstanceOf(DatabaseAwayError);
  up = true;
  vi.advanceTimersByTime(250);
  await expect(connect()).resolves.toBe('client');
  await expect(connect()).resolves.toBe('client');
  expect(tries).toBe(4);
});

it('lets one probe through at a time', async () => {
  vi.useFakeTimers({ now: 1_000_000 });
  let release: (v: string) => void = () => undefined;
  let tries = 0;
  let fail = true;
  const connect = fastFailWhileAway(() => {
    tries++;
    if (fail) return Promise.reject(refused());
    return new Promise<string>((r) => (release = r));
  }, 250);
  await connect().catch(() => undefined);
  fail = false;
  vi.advanceTimersByTime(250);
  const probe = connect();
  vi.advanceTimersByTime(250);
  await expect(connect()).rejects.toBeInstanceOf(DatabaseAwayError);
  release('client');
  await expect(probe).resolves.toBe('client');
  expect(tries).toBe(2);
});

it('a full pool is busy, not away: the next request tries again', async () => {
  let tries = 0;
  const connect = fastFailWhileAway(async () => {
    tries++;
    throw new Error('timeout exceeded when trying to connect');
  }, 250);
  await expect(connect()).rejects.toThrow('timeout exceeded');
  await expect(connect()).rejects.toThrow('timeout exceeded');
  expect(tries).toBe(2);
});
