import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS, TOO_MANY_REQUESTS } from '@store/domain/abuse-limits';
import { describeEachDb, startTestStore, TEST_DATABASE_URL, twoStoresSharingPostgres, type TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { addressKey } from '../../src/plugins/request-limits.ts';

/**
 * Every route is limited per client address (one hook on the database's counters, shared by every store
 * process): REQUESTS_PER_MINUTE reads, a quarter of it for changes, fewer new quotes; 429 in the error envelope
 * with retry-after. Each test is its own address, through a proxy the store trusts (TRUST_PROXY=1).
 */
const PER_MINUTE = 40;
let next = 1;
/** A browser at an address of its own. */
function visitor(ts: TestStore): TestClient {
  const c = ts.client();
  c.headers['x-forwarded-for'] = `203.0.113.${next++}`;
  return c;
}
const QUOTE = { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' };

async function statuses(n: number, send: (i: number) => Promise<{ status: number }>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(i)).status);
  return out;
}

describeEachDb(
  'security: a limit per client address on every route',
  (ctx) => {
    it('answers 429 in the error envelope with retry-after past the reads of a minute, on any route', async () => {
      const c = visitor(ctx());
      const seen = await statuses(PER_MINUTE, (i) => c.get(i % 2 ? '/api/v1/site' : '/no-such-page'));
      expect(seen.filter((s) => s === 429)).toEqual([]);
      const r = await c.get('/api/v2/coverages');
      expect(r.status).toBe(429);
      expect(r.body).toEqual({ status: 'error', message: TOO_MANY_REQUESTS });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      // Another address is not affected.
      expect((await visitor(ctx()).get('/api/v2/coverages')).status).toBe(200);
    });

    it('allows a quarter as many changes', async () => {
      const c = visitor(ctx());
      await c.get('/api/v1/site');
      const seen = await statuses(PER_MINUTE / 4 + 1, () => c.post('/api/v1/service/validate-zip-code', { zip: '10001' }));
      expect(seen).toEqual([...Array(PER_MINUTE / 4).fill(200), 429]);
    });
  },
  { REQUESTS_PER_MINUTE: PER_MINUTE, TRUST_PROXY: 1 },
);

const QUOTES_PER_HOUR = 5;
describeEachDb(
  'security: new quotes per client address',
  (ctx) => {
    it(`creates at most NEW_QUOTES_PER_ADDRESS_HOUR quotes in an hour from one address, whatever the sessions`, async () => {
      const ts = ctx();
      const ip = visitor(ts).headers['x-forwarded-for'];
      const fresh = () => {
        const c = ts.client();
        c.headers['x-forwarded-for'] = ip;
        return c;
      };
      const seen = await statuses(QUOTES_PER_HOUR + 1, () => fresh().post('/api/v1/add-filter-for-new-user', QUOTE));
      expect(seen).toEqual([...Array(QUOTES_PER_HOUR).fill(200), 429]);
      const r = await fresh().post('/api/v1/add-filter-for-new-user', QUOTE);
      expect(r.body).toEqual({ status: 'error', message: TOO_MANY_REQUESTS });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(3000);
    });

    it('counts the addresses of one IPv6 /64 together', async () => {
      const ts = ctx();
      const seen = await statuses(QUOTES_PER_HOUR + 1, (i) => {
        const c = ts.client();
        c.headers['x-forwarded-for'] = `2001:db8:77:1::${i + 1}`;
        return c.post('/api/v1/add-filter-for-new-user', QUOTE);
      });
      expect(seen).toEqual([...Array(QUOTES_PER_HOUR).fill(200), 429]);
    });
  },
  { REQUESTS_PER_MINUTE: REQUEST_LIMITS.perMinute, NEW_QUOTES_PER_ADDRESS_HOUR: QUOTES_PER_HOUR, TRUST_PROXY: 1 },
);

describe('security: the plan list read from memory counts too', () => {
  let ts: Awaited<ReturnType<typeof startTestStore>>;
  const lines: { msg?: string; req?: { url?: string } }[] = [];
  beforeAll(async () => {
    ts = await startTestStore(
      'pglite',
      { REQUESTS_PER_MINUTE: PER_MINUTE, LOG_LEVEL: 'info' },
      { logStream: { write: (l: string) => void lines.push(JSON.parse(l)) } },
    );
  }, 60_000);
  afterAll(async () => ts?.close());

  it('refuses the read past the limit, and logs every read', async () => {
    const c = ts.client();
    const quote = await c.post('/api/v1/add-filter-for-new-user', QUOTE);
    expect(quote.status).toBe(200);
    const id = quote.body.data.temp_enrollment_id;
    const seen = await statuses(PER_MINUTE + 5, () => c.get('/api/v1/get-filtered-plans', { enrollment_id: id }));
    // One read was the CSRF cookie's (before the quote).
    expect(seen.indexOf(429)).toBe(PER_MINUTE - 1);
    expect(seen.slice(PER_MINUTE - 1).every((s) => s === 429)).toBe(true);
    // Every one went through the router and its hooks: one log line each, refused ones included (the lines leave
    // in chunks, within a tenth of a second).
    const logged = () => lines.filter((l) => l.msg === 'request completed' && l.req?.url?.startsWith('/api/v1/get-filtered-plans')).length;
    await expect.poll(logged, { timeout: 2000 }).toBe(PER_MINUTE + 5);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('security: the limit per address shared by two store processes on one PostgreSQL', () => {
  const stores = twoStoresSharingPostgres(() => ({ REQUESTS_PER_MINUTE: PER_MINUTE, TRUST_PROXY: 1 }));

  it('counts the reads of both stores together', async () => {
    const { one, two } = stores();
    const a = visitor(one);
    const b = two.client();
    b.headers['x-forwarded-for'] = a.headers['x-forwarded-for'];
    const seen = await statuses(PER_MINUTE, (i) => (i % 2 ? a : b).get('/api/v1/site'));
    expect(seen.filter((s) => s === 429)).toEqual([]);
    // Each store adds what it counted to the shared row, and reads the other's back, once a second: then both refuse.
    await new Promise((r) => setTimeout(r, 2200));
    expect((await a.get('/api/v1/site')).status).toBe(429);
    expect((await b.get('/api/v1/site')).status).toBe(429);
  });
});

describe('security: the bucket of a client address', () => {
  it('is an IPv4 address itself and the /64 network of an IPv6 address', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:fffe')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
