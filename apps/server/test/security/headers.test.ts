import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDb } from '../helpers/store.ts';
import { buildRequest, ENROLLMENT_PARAM, loadOperations } from './openapi.ts';
import { makeEnrollment } from './fixtures.ts';

/** Security headers: a strict Content-Security-Policy on pages, a stricter one on API answers. */
function parseCsp(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

describeEachDb('security: headers and content security policy', (ctx) => {
  it('sends a strict policy and the usual protective headers on pages', async () => {
    const c = ctx().client();
    for (const path of ['/', '/jordan-avery', '/no-such-page', '/api/docs']) {
      const r = await c.get(path);
      const csp = parseCsp(r.headers.get('content-security-policy'));
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), path).toEqual(["'none'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      expect(csp.get('form-action'), path).toEqual(["'self'"]);
      expect(csp.get('connect-src'), path).toEqual(["'self'"]);
      for (const [name, values] of csp) {
        expect(values, `${path} ${name}`).not.toContain("'unsafe-eval'");
        expect(values, `${path} ${name}`).not.toContain('*');
        if (name !== 'style-src') expect(values, `${path} ${name}`).not.toContain("'unsafe-inline'");
      }
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(r.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(r.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(r.headers.get('permissions-policy'), path).toContain('camera=()');
      expect(r.headers.get('x-powered-by'), path).toBeNull();
    }
  });

  it("gives API answers (found, refused, unknown) OWASP's API headers: nothing loads or runs, nothing frames or keeps them", async () => {
    const c = ctx().client();
    const answers = [
      await c.get('/api/v1/site'),
      await c.get('/api/v1/get-filtered-plans', { enrollment_id: 'not-yours' }),
      await c.get('/api/v1/no-such-call'),
      await c.post('/api/v1/add-filter-for-new-user', { zip: 'x' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 404, 422]);
    for (const r of answers) {
      expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('x-powered-by')).toBeNull();
      // What only a document acts on is not sent.
      expect(r.headers.get('cross-origin-opener-policy')).toBeNull();
      expect(r.headers.get('permissions-policy')).toBeNull();
    }
  });

  it('does not answer cross-origin reads (no CORS headers)', async () => {
    const r = await ctx()
      .client()
      .request('GET', '/api/auth/me', { headers: { origin: 'https://evil.example' } });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

const HOSTILE = [
  '<p>Covered<script>alert(1)</script></p>',
  '<img src=x onerror="alert(2)">',
  '<a href="javascript:alert(3)">click</a>',
  '<a href="JaVaScRiPt&#58;alert(4)">again</a>',
  '<div onclick="alert(5)" style="background:url(javascript:alert(6))">x</div>',
  '<iframe src="https://evil.example"></iframe><svg onload="alert(7)"></svg><form action="https://evil.example"><input></form>',
].join('');

describeEachDb('security: plan texts are sanitized wherever they leave the server', (ctx) => {
  it('never returns script, event handlers or javascript: URLs from plan HTML', async () => {
    const ts = ctx();
    await sql`update plans set plan_short_text = ${HOSTILE}, body_text = ${HOSTILE}, association_text = ${HOSTILE},
      exclusions_text = ${HOSTILE}, example_text = ${HOSTILE}, faq_text = ${HOSTILE}`.execute(ts.db);
    const c = ts.client();
    const id = await makeEnrollment(ts, c);
    const ops = (await loadOperations(c)).filter((o) => o.method === 'GET' && o.path.startsWith('/api/'));
    let sawPlanText = 0;
    const problems: string[] = [];
    for (const op of ops) {
      const req = buildRequest(op, (name) =>
        ENROLLMENT_PARAM.test(name)
          ? id
          : /^(pid|planId|plan_id|plan_ids)$/i.test(name)
            ? 101
            : /categor/i.test(name)
              ? 'dental'
              : undefined,
      );
      const r = await c.request('GET', req.path, { query: req.query });
      const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
      if (text.includes('Covered')) sawPlanText++;
      for (const bad of [/<script/i, /onerror\s*=/i, /onload\s*=/i, /onclick\s*=/i, /javascript(:|&#58;)/i, /<iframe/i, /<form/i]) {
        if (bad.test(text)) problems.push(`${op.path}: ${bad} in ${text.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(sawPlanText).toBeGreaterThan(0);
  });
});
