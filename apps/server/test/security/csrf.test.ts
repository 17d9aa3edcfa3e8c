import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { buildRequest, ENROLLMENT_PARAM, loadOperations, tableChecksums } from './openapi.ts';
import { makeEnrollment } from './fixtures.ts';

/**
 * Cross-site requests change nothing: every route under /api that is not a plain GET (and the GET that removes
 * a plan from the cart) is refused with 403 without the CSRF token, with a wrong token, and from a foreign
 * origin, before it reads its input; the data stays as it was.
 */
describeEachDb('security: cross-site requests', (ctx) => {
  it('refuses every change without the token, with a wrong one, or from another origin', async () => {
    const ts = ctx();
    const a = ts.client();
    await a.signIn(DEMO.rep.email, DEMO.rep.password);
    const id = await makeEnrollment(ts, a);
    // verify-document answers anyone the same and changes nothing (contract `crossSite`): anyone may post a PDF to it
    // (consent/signed-application.test.ts).
    const ops = (await loadOperations(a)).filter(
      (o) =>
        o.path.startsWith('/api/') &&
        o.path !== '/api/v1/verify-document' &&
        (o.method !== 'GET' || o.path.includes('remove-plan-from-cart')),
    );
    expect(ops.length).toBeGreaterThan(5);
    const before = await tableChecksums(ts.db);
    const token = a.cookies.get('csrf')!;
    expect(token).toBeTruthy();
    const problems: string[] = [];
    for (const op of ops) {
      const req = buildRequest(op, (name) => (ENROLLMENT_PARAM.test(name) ? id : /plan_?id$/i.test(name) ? 101 : undefined));
      const attempts: [string, { headers: Record<string, string>; csrf?: boolean }][] = [
        ['no token', { headers: {}, csrf: false }],
        ['wrong token', { headers: { 'x-csrf-token': `${token.slice(0, -2)}xx` }, csrf: false }],
        ['foreign origin', { headers: { origin: 'https://evil.example' } }],
        ['opaque origin', { headers: { origin: 'null' } }],
        ['foreign origin, no token', { headers: { origin: 'https://evil.example' }, csrf: false }],
      ];
      for (const [what, opts] of attempts) {
        const r = await a.request(req.method, req.path, { query: req.query, body: req.body, ...opts });
        if (r.status !== 403 || r.body?.status !== 'error')
          problems.push(`${op.method} ${op.path} (${what}): ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await tableChecksums(ts.db)).toEqual(before);
    // The same browser with its token still works.
    const ok = await a.put(`/api/v1/change-filter-info/${id}`, { tier: 'IF' });
    expect(ok.status).toBe(200);
  });

  it('refuses the other GET that records something (a lead) without the token', async () => {
    const ts = ctx();
    const c = ts.client();
    await c.get('/api/v1/site');
    const query = { device_id: 'device-12345678', web_url: 'http://x', store_information: '1' };
    const before = await tableChecksums(ts.db);
    const bare = await c.request('GET', '/api/v1/get-lead-information', { query });
    expect(bare.status).toBe(403);
    expect(await tableChecksums(ts.db)).toEqual(before);
    const withToken = await c.request('GET', '/api/v1/get-lead-information', {
      query,
      headers: { 'x-csrf-token': c.cookies.get('csrf')! },
    });
    expect(withToken.status).toBe(200);
  });

  it('sets the session cookie httpOnly and SameSite=Lax, the token cookie SameSite=Strict', async () => {
    const c = ctx().client();
    const r = await c.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' });
    expect(r.status).toBe(200);
    const all = r.headers.getSetCookie();
    const sid = all.find((l) => l.startsWith('sid='));
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    const first = await ctx().client().get('/api/v1/site');
    const csrf = first.headers.getSetCookie().find((l) => l.startsWith('csrf='));
    expect(csrf).toMatch(/SameSite=Strict/i);
  });

  it('accepts a change from its own origin with the token', async () => {
    const ts = ctx();
    const c = ts.client();
    const host = new URL(ts.baseUrl).host;
    const r = await c.request('POST', '/api/v1/add-filter-for-new-user', {
      body: { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' },
      headers: { origin: `http://${host}` },
    });
    expect(r.status).toBe(200);
  });
});
