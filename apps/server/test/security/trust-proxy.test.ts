import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { startTestStore } from '../helpers/store.ts';

/**
 * Behind a proxy the client address comes from X-Forwarded-For, but only the entries the trusted proxies added:
 * a client that writes its own X-Forwarded-For must not choose its rate-limit bucket.
 */
describe('security: TRUST_PROXY', () => {
  it('refuses true at start with a clear message, and reads hops and address lists', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe any client's X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10.0.0.0\/33" is not a number of proxies/);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  for (const [label, env] of [
    ['a hop count', '1'],
    ['the proxy address', '127.0.0.1'],
  ] as const) {
    describe(`with ${label}`, () => {
      let ts: Awaited<ReturnType<typeof startTestStore>>;
      beforeAll(async () => {
        ts = await startTestStore('pglite', { TRUST_PROXY: loadConfig({ TRUST_PROXY: env }).TRUST_PROXY });
      }, 60_000);
      afterAll(async () => ts?.close());

      it('counts the address the proxy saw, whatever X-Forwarded-For the client wrote', async () => {
        const c = ts.client();
        const statuses: number[] = [];
        for (let i = 0; i < 32; i++) {
          // The client forged the first entry; the proxy (this test's connection) appended the address it saw.
          const r = await c.request('GET', '/api/v1/validate-group', {
            query: { group_code: `GUESS${i}` },
            headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
          });
          statuses.push(r.status);
        }
        expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
        expect(statuses.slice(30)).toEqual([429, 429]);
        const counters = await ts.db
          .selectFrom('rate_limits')
          .select(['key', 'count'])
          .where('key', 'like', 'validate-group:ip:%')
          .execute();
        expect(counters).toEqual([{ key: 'validate-group:ip:203.0.113.7', count: 32 }]);
      });
    });
  }
});
