import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../helpers/store.ts';

/**
 * The plan list answered from memory ahead of Fastify's router (modules/catalog/fast-plans.ts, decision 0970), on
 * the embedded database: the same answer to the byte as the route gives, the same access rule, and anything it
 * cannot answer from memory goes the usual way. Told apart by the access log: the usual way logs "incoming
 * request" first, the fast read only "request completed".
 */
interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function send(ts: TestStore, path: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(new URL(path, ts.baseUrl), { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

function decoded(r: Raw): { status: string; data: { result: { plan_name: string; plan_category: string }[]; total: number } } {
  const enc = r.headers['content-encoding'];
  const text = enc === 'br' ? zlib.brotliDecompressSync(r.body) : enc === 'gzip' ? zlib.gunzipSync(r.body) : r.body;
  return JSON.parse(text.toString('utf8'));
}

type Logged = { msg: string; req?: { url: string; method: string }; res?: { statusCode: number } };

async function startLogged(fast: boolean) {
  const lines: Logged[] = [];
  const ts = await startTestStore('pglite', { LOG_LEVEL: 'info', FAST_READS: fast, REQUESTS_PER_MINUTE: 1_000_000 }, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
  return { ts, lines };
}

/** A shopper's cookies (session and CSRF) with a quote of theirs. */
async function shopper(ts: TestStore): Promise<{ cookie: string; quote: string; cookies: Map<string, string> }> {
  const c = ts.client();
  const r = await c.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1980', gender: '1', tier: 'IO' });
  expect(r.status).toBe(200);
  return { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), quote: r.body.data.temp_enrollment_id, cookies: c.cookies };
}

const ACCEPTS = ['gzip, deflate, br, zstd', 'gzip', 'br;q=0, gzip;q=0.5', 'identity', ''];

describe('the plan list ahead of the router [pglite]', () => {
  let fast: Awaited<ReturnType<typeof startLogged>>;
  let usual: Awaited<ReturnType<typeof startLogged>>;
  beforeAll(async () => {
    [fast, usual] = await Promise.all([startLogged(true), startLogged(false)]);
  }, 60_000);
  afterAll(async () => {
    await fast?.ts.close();
    await usual?.ts.close();
  });

  /** The access-log lines of this URL: how many requests came in by the router, how many were completed. */
  const logOf = (lines: Logged[], url: string) => ({
    incoming: lines.filter((l) => l.msg === 'incoming request' && l.req?.url === url).length,
    completed: lines.filter((l) => l.msg === 'request completed' && l.req?.url === url),
  });

  it('answers as the route does, to the byte, in every encoding, without going through the router', async () => {
    const a = await shopper(fast.ts);
    const b = await shopper(usual.ts);
    for (const accept of ACCEPTS) {
      for (let i = 0; i < 2; i++) {
        const headers = (cookie: string) => ({ cookie, ...(accept ? { 'accept-encoding': accept } : {}) });
        const mine = await send(fast.ts, `/api/v1/get-filtered-plans?enrollment_id=${a.quote}`, headers(a.cookie));
        const theirs = await send(usual.ts, `/api/v1/get-filtered-plans?enrollment_id=${b.quote}`, headers(b.cookie));
        expect(mine.status, accept).toBe(200);
        const { date: _d1, ...mineHeaders } = mine.headers;
        const { date: _d2, ...theirHeaders } = theirs.headers;
        expect(mineHeaders, accept).toEqual(theirHeaders);
        expect(mine.body.equals(theirs.body), accept).toBe(true);
        expect(decoded(mine).data.result.map((p) => p.plan_name), accept).toContain('Dental Essentials');
      }
    }
    // The log redacts the quote's number in the URL on both ways alike (lib/redact.ts).
    const fastLog = fast.lines.filter((l) => l.req?.url.startsWith('/api/v1/get-filtered-plans'));
    const usualLog = usual.lines.filter((l) => l.req?.url.startsWith('/api/v1/get-filtered-plans'));
    const urls = new Set([...fastLog, ...usualLog].map((l) => l.req!.url));
    expect(urls.size).toBe(1);
    const [url] = urls;
    expect(url).not.toContain(a.quote);
    // The usual way: every request came in by the router. The fast read: only the first (which made the bytes); it
    // logs the others in one line each, with the request as the router's first line has it and the status.
    expect(logOf(usual.lines, url).incoming).toBe(ACCEPTS.length * 2);
    const mine = logOf(fast.lines, url);
    expect(mine.incoming).toBe(1);
    expect(mine.completed).toHaveLength(ACCEPTS.length * 2 - 1);
    for (const l of mine.completed) expect(l.res?.statusCode).toBe(200);
  });

  it('leaves to the route what it cannot answer from memory, and the route answers as always', async () => {
    const ts = fast.ts;
    const a = await shopper(ts);
    const path = `/api/v1/get-filtered-plans?enrollment_id=${a.quote}`;
    expect((await send(ts, path, { cookie: a.cookie })).status).toBe(200);
    const before = fast.lines.length;
    const incoming = () => fast.lines.slice(before).filter((l) => l.msg === 'incoming request' && l.req?.url.startsWith('/api/v1/get-filtered-plans')).map((l) => `${l.req?.method} ${l.req?.url}`);

    // Another browser's quote: not found, as if it did not exist.
    const stranger = await shopper(ts);
    const other = await send(ts, path, { cookie: stranger.cookie });
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body.toString())).toEqual({ status: 'error', message: 'Enrollment not found' });
    // No session at all, and an unknown session token.
    expect((await send(ts, path, { cookie: `csrf=${a.cookies.get('csrf')}` })).status).toBe(404);
    expect((await send(ts, path, { cookie: `sid=${'x'.repeat(43)}; csrf=${a.cookies.get('csrf')}` })).status).toBe(404);
    // The session alone, without the CSRF cookie: the route hands one out.
    const noCsrf = await send(ts, path, { cookie: `sid=${a.cookies.get('sid')}` });
    expect(noCsrf.status).toBe(200);
    expect(String(noCsrf.headers['set-cookie'])).toMatch(/^csrf=/);
    // Categories and paging are the route's.
    const dental = decoded(await send(ts, `${path}&categories=dental`, { cookie: a.cookie }));
    expect(dental.data.result.length).toBeGreaterThan(0);
    expect(new Set(dental.data.result.map((p) => p.plan_category))).toEqual(new Set(['dental']));
    const paged = decoded(await send(ts, `${path}&limit=2`, { cookie: a.cookie }));
    expect(paged.data.result).toHaveLength(2);
    expect(paged.data.total).toBeGreaterThan(2);
    // Bad input gets the route's 422 with the field named.
    const bad = await send(ts, '/api/v1/get-filtered-plans?enrollment_id=not%20a%20quote', { cookie: a.cookie });
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.body.toString()).data[0].target_element).toBe('enrollment_id');
    // HEAD is the route's too.
    const head = await send(ts, path, { cookie: a.cookie }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    // Every one of them came in by the router.
    expect(incoming()).toHaveLength(8);
  });

  it("knows every hook the route has: one added later must be weighed for the fast read too (it would not run there)", () => {
    const printed = fast.ts.app.printRoutes({ includeHooks: true, commonPrefix: false, method: 'GET' }).split('\n');
    const at = printed.findIndex((l) => l.includes('/api/v1/get-filtered-plans (GET)'));
    expect(at).toBeGreaterThan(-1);
    const hooks: string[] = [];
    for (const line of printed.slice(at + 1)) {
      if (!line.includes('•')) break;
      hooks.push(line.slice(line.indexOf('•') + 1).trim());
    }
    // Load shedding, cookies, security headers, the limit per address, session, CSRF, compression; the NUL check;
    // cookies' and compression's onSend. modules/catalog/fast-plans.ts does what each of them would do for its one
    // request (decision 0970).
    expect(hooks).toEqual([
      '(onRequest) ["anonymous()","fastifyCookieHandler()","anonymous()","perAddressLimit()","anonymous()","anonymous()","onRequest()"]',
      '(preValidation) ["anonymous()"]',
      '(onSend) ["fastifyCookieOnSendHandler()","onSend()"]',
    ]);
  });

  it('shows a plan renamed in the console at once, then answers from memory again', async () => {
    const ts = fast.ts;
    const a = await shopper(ts);
    const path = `/api/v1/get-filtered-plans?enrollment_id=${a.quote}`;
    const names = async () => decoded(await send(ts, path, { cookie: a.cookie, 'accept-encoding': 'br' })).data.result.map((p) => p.plan_name);
    expect(await names()).toContain('Vision Plus');
    await ts.db.updateTable('plans').set({ plan_name: 'Vision Plus Max' }).where('plan_name', '=', 'Vision Plus').execute();
    const before = fast.lines.length;
    const now = await names();
    expect(now).toContain('Vision Plus Max');
    expect(now).not.toContain('Vision Plus');
    expect(await names()).toContain('Vision Plus Max');
    // The first after the change went the usual way (it made the new bytes), the second came from memory.
    expect(fast.lines.slice(before).filter((l) => l.msg === 'incoming request')).toHaveLength(1);
  });
});
