import http from 'node:http';
import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { chooseEncoding } from '../../src/lib/ready-json.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';

/**
 * The plan list is kept as ready bytes, compressed once per encoding (lib/ready-json.ts): every caller gets the body
 * its Accept-Encoding asks for, a console change shows at once in every encoding, and the owner check still runs.
 */
interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(ts: TestStore, path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, ts.baseUrl), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function decoded(r: Raw): unknown {
  const enc = r.headers['content-encoding'];
  const text = enc === 'br' ? zlib.brotliDecompressSync(r.body) : enc === 'gzip' ? zlib.gunzipSync(r.body) : r.body;
  return JSON.parse(text.toString('utf8'));
}

/** A shopper's cookies (session and CSRF) with a quote of theirs. */
async function shopper(ts: TestStore): Promise<{ cookie: string; quote: string }> {
  const c = ts.client();
  const r = await c.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1980', gender: '1', tier: 'IO' });
  expect(r.status).toBe(200);
  return { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), quote: r.body.data.temp_enrollment_id };
}

it('chooses the encoding the Accept-Encoding header prefers, brotli first', () => {
  expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
  expect(chooseEncoding('gzip')).toBe('gzip');
  expect(chooseEncoding('x-gzip')).toBe('gzip');
  expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
  expect(chooseEncoding('identity')).toBeNull();
  expect(chooseEncoding('deflate')).toBeNull();
  expect(chooseEncoding('')).toBeNull();
  expect(chooseEncoding(undefined)).toBeNull();
});

describeEachDb('the plan list as ready bytes', (ctx) => {
  it('sends the same list brotli-, gzip- or un-compressed, as each caller accepts', async () => {
    const ts = ctx();
    const { cookie, quote } = await shopper(ts);
    const path = `/api/v1/get-filtered-plans?enrollment_id=${quote}`;
    const plain = await get(ts, path, { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = decoded(plain) as { status: string; data: { result: { plan_name: string }[]; total: number } };
    expect(list.status).toBe('success');
    expect(list.data.total).toBe(list.data.result.length);
    expect(list.data.result.map((p) => p.plan_name)).toContain('Dental Essentials');
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        // (the second time from the bytes made the first time)
        const r = await get(ts, path, { cookie, 'accept-encoding': accept });
        expect(r.status, accept).toBe(200);
        expect(r.headers['content-encoding'], accept).toBe(encoding);
        expect(r.headers.vary, accept).toMatch(/accept-encoding/i);
        expect(Number(r.headers['content-length']), accept).toBe(r.body.length);
        if (encoding) expect(r.body.length, accept).toBeLessThan(plain.body.length / 2);
        expect(decoded(r), accept).toEqual(list);
      }
    }
  });

  it('shows a plan renamed in the console at once, in every encoding', async () => {
    const ts = ctx();
    const { cookie, quote } = await shopper(ts);
    const path = `/api/v1/get-filtered-plans?enrollment_id=${quote}`;
    const names = async (accept: string) =>
      (
        decoded(await get(ts, path, { cookie, 'accept-encoding': accept })) as { data: { result: { plan_name: string }[] } }
      ).data.result.map((p) => p.plan_name);
    for (const accept of ['br', 'gzip', 'identity']) expect(await names(accept)).toContain('Pet Companion');
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const { updated_at: _u, plan_id: _id, ...form } = (await op.get(`/api/admin/plans/${PLAN_IDS.petCompanion}`)).body.data;
    expect((await op.put(`/api/admin/plans/${PLAN_IDS.petCompanion}`, { ...form, plan_name: 'Pet Companion Gold' })).status).toBe(200);
    for (const accept of ['br', 'gzip', 'identity']) {
      const now = await names(accept);
      expect(now, accept).toContain('Pet Companion Gold');
      expect(now, accept).not.toContain('Pet Companion');
    }
  });

  it("answers another browser's quote as not found, though the list is ready", async () => {
    const ts = ctx();
    const { cookie, quote } = await shopper(ts);
    const path = `/api/v1/get-filtered-plans?enrollment_id=${quote}`;
    expect((await get(ts, path, { cookie, 'accept-encoding': 'br' })).status).toBe(200);
    const stranger = await shopper(ts);
    const r = await get(ts, path, { cookie: stranger.cookie, 'accept-encoding': 'br' });
    expect(r.status).toBe(404);
    expect(decoded(r)).toEqual({ status: 'error', message: 'Enrollment not found' });
    expect((await get(ts, path, { 'accept-encoding': 'br' })).status).toBe(404);
  });

  it('puts on API answers the protective headers, and on pages also those only a document acts on', async () => {
    const ts = ctx();
    const api = await get(ts, '/api/v1/site', {});
    const page = await get(ts, '/plans', {});
    for (const r of [api, page]) {
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
    expect(page.headers['origin-agent-cluster']).toBe('?1');
    expect(page.headers['x-permitted-cross-domain-policies']).toBe('none');
    for (const name of [
      'cross-origin-opener-policy',
      'permissions-policy',
      'x-dns-prefetch-control',
      'origin-agent-cluster',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]) {
      expect(api.headers[name], name).toBeUndefined();
    }
  });
});
