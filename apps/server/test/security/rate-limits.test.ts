import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeEachDb, TEST_DATABASE_URL, twoStoresSharingPostgres } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';

/**
 * Code guessing is slowed: sign-in, access and group codes, resume codes are limited per address and per
 * code, and the counters live in the database so that several store processes sharing one PostgreSQL count
 * together.
 */
async function until429(attempt: (i: number) => Promise<{ status: number; headers: Headers; body: any }>, max = 60) {
  for (let i = 0; i < max; i++) {
    const r = await attempt(i);
    if (r.status === 429) return { tries: i, r };
  }
  throw new Error(`no 429 after ${max} attempts`);
}

describeEachDb('security: rate limits on sign-in, access codes and resume codes', (ctx) => {
  it('limits guessing of rep codes per address', async () => {
    const c = ctx().client();
    const { tries } = await until429((i) => c.get('/api/v1/validate-agent', { agent_code: `GUESS${i}` }));
    expect(tries).toBeLessThanOrEqual(30);
    // Group codes count on their own, and stop too.
    const g = await until429((i) => c.get('/api/v1/validate-group', { group_code: `GUESS${i}` }));
    expect(g.tries).toBeLessThanOrEqual(30);
  });

  it('limits guesses of one code from many places', async () => {
    const ts = ctx();
    // The per-code counter: reset the address counter between tries, as if each came from another address.
    const { tries } = await until429(async () => {
      await ts.app.rateLimiter.reset('validate-group:ip:127.0.0.1');
      return ts.client().get('/api/v1/validate-group', { group_code: 'ACME-NOPE' });
    });
    expect(tries).toBeLessThanOrEqual(10);
  });

  it('limits codes tried for one e-mail', async () => {
    const c = ctx().client();
    const { tries, r } = await until429((i) =>
      c.post('/api/v1/continue-enrollment', { code: String(100000 + i), email: 'someone@example.com' }),
    );
    expect(tries).toBeLessThanOrEqual(10);
    expect(r.body.status).toBe('error');
  });

  it('limits one resume code tried with many e-mail addresses', async () => {
    const ts = ctx();
    const { tries } = await until429(async (i) => {
      await ts.app.rateLimiter.reset('continue:ip:127.0.0.1');
      return ts.client().post('/api/v1/continue-enrollment', { code: 'ABCDEFGH23', email: `guess${i}@example.com` });
    });
    expect(tries).toBeLessThanOrEqual(5);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('security: rate limits shared by two store processes on one PostgreSQL', () => {
  const stores = twoStoresSharingPostgres();

  it('counts sign-in failures of both stores together (security/sign-in-throttle.test.ts has the rest)', async () => {
    const { one, two } = stores();
    expect(one.baseUrl).not.toBe(two.baseUrl);
    const clients: TestClient[] = [one.client(), two.client()];
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await clients[i % 2].post('/api/auth/sign-in', { email: DEMO.rep.email, password: `wrong-${i}` });
      seen.push(r.status);
    }
    expect(seen).toEqual(Array(5).fill(422));
    // The fifth failure, whichever store counted it, makes this e-mail and address wait: both stores hold it back.
    for (const ts of [one, two]) {
      const r = await ts.client().post('/api/auth/sign-in', { email: DEMO.rep.email, password: DEMO.rep.password });
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBe('1');
    }
    // Another account is not affected.
    expect((await two.client().post('/api/auth/sign-in', { email: DEMO.member.email, password: DEMO.member.password })).status).toBe(200);
  });

  it('counts atomically when both stores are hit at the same moment', async () => {
    const { one, two } = stores();
    const key = `race:${crypto.randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).app.rateLimiter.consume(key, 10, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('sees the data one store wrote from the other (no state kept in one process)', async () => {
    const { one, two } = stores();
    const a = one.client();
    const id = (await a.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' })).body.data
      .temp_enrollment_id;
    // The same browser (cookies) behind a load balancer reaching the other process.
    const sameBrowserOnTwo = two.client();
    for (const [k, v] of a.cookies) sameBrowserOnTwo.cookies.set(k, v);
    const r = await sameBrowserOnTwo.get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'filter_info' });
    expect(r.status).toBe(200);
    expect(r.body.data.result.zip).toBe('10001');
    expect((await two.client().get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'filter_info' })).status).toBe(404);
  });
});
