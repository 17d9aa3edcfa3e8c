import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';

describeEachDb('foundation API', (ctx) => {
  it('answers /healthz when the database is ready', async () => {
    const r = await ctx().client().get('/healthz');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
  });

  it('chooses the site by host, any unknown host being the main store', async () => {
    const main = await ctx().client().get('/api/v1/site');
    expect(main.body.data).toMatchObject({ kind: 'main', site_flag: 'true' });
    const dental = await ctx().client('dental.localhost').get('/api/v1/site');
    expect(dental.body.data).toMatchObject({ kind: 'dental', name: 'Dental Marketplace' });
    const partner = await ctx().client('partner.localhost').get('/api/v1/site');
    expect(partner.body.data.site_flag).toBe('false');
    const unknown = await ctx().client('somewhere.example').get('/api/v1/site');
    expect(unknown.body.data.kind).toBe('main');
  });

  it('serves branding settings by base64 domain, with real images', async () => {
    const c = ctx().client();
    const r = await c.get('/api/v1/get-external-site-dynamic-information', {
      site_domain: Buffer.from('goenroll.localhost').toString('base64'),
    });
    const settings = Object.fromEntries(r.body.data.map((kv: { key: string; value: string }) => [kv.key, kv.value]));
    expect(settings.banner_image).toMatch(/^\/media\/[0-9a-f]{16}\/site-go-enroll-banner_image\.svg$/);
    const img = await c.get(settings.logo);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
    const domain = await c.get('/api/v1/get-domainSite-infromation', { site_domain: Buffer.from('goenroll.localhost').toString('base64') });
    expect(domain.body).toMatchObject({ statusCode: 200, data: { gid: 3001, portal_id: 501 } });
    const none = await c.get('/api/v1/get-domainSite-infromation', { site_domain: Buffer.from('nowhere.example').toString('base64') });
    expect(none.status).toBe(204);
  });

  it('gives landing and about info of reps and groups, 204 when unknown', async () => {
    const c = ctx().client();
    const rep = await c.get('/api/v1/get-agent-landing-page-info', { agent_id: 20001 });
    expect(rep.body.data).toMatchObject({
      agent_id: 20001,
      display_name: 'Jordan Avery',
      display_phone: '5550100100',
      agent_code: 'AGENT100',
    });
    const about = await c.get('/api/v1/get-group-about-page-info', { group_id: 3001 });
    expect(about.body.data.gweb_aboutus).toContain('Acme Manufacturing');
    expect((await c.get('/api/v1/get-agent-landing-page-info', { agent_id: 99999 })).status).toBe(204);
    const landing = await c.get('/api/v1/validate-landing-page', { landing_page: 'acme' });
    expect(landing.body.data).toMatchObject({ type: 'group', group_id: 3001 });
    expect((await c.get('/api/v1/validate-landing-page', { landing_page: 'nope' })).status).toBe(204);
    const def = await c.get('/api/v1/get-default-info');
    expect(def.body.data).toMatchObject({ agent_id: 10109, group_id: 77, guest_agent_id: 139 });
  });

  it('answers a JSON 404 under /api and 422 with field errors for bad input', async () => {
    const c = ctx().client();
    const r = await c.get('/api/v1/no-such-call');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ status: 'error', message: 'Not found' });
    const bad = await c.get('/api/v1/get-agent-landing-page-info', { agent_id: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body.status).toBe('error');
    expect(bad.body.data[0].target_element).toBe('agent_id');
  });

  it('signs in with argon2id hashes, rate-limits guessing and signs out', async () => {
    const c = ctx().client();
    const wrong = await c.post('/api/auth/sign-in', { email: DEMO.rep.email, password: 'nope' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual([{ target_element: 'password', error_message: 'The e-mail or password is not right.' }]);
    await c.signIn(DEMO.rep.email, DEMO.rep.password);
    const me = await c.get('/api/auth/me');
    expect(me.body.data).toMatchObject({ signed_in: true, role: 'rep', agent_id: 20001, name: 'Jordan Avery' });
    const hash = await ctx()
      .db.selectFrom('accounts')
      .select('password_hash')
      .where('email', '=', DEMO.rep.email)
      .executeTakeFirstOrThrow();
    expect(hash.password_hash.startsWith('$argon2id$')).toBe(true);
    await c.post('/api/auth/sign-out');
    expect((await c.get('/api/auth/me')).body.data.signed_in).toBe(false);
  });

  it('refuses changes without the CSRF token', async () => {
    const c = ctx().client();
    const r = await c.request('POST', '/api/auth/sign-in', { body: { email: DEMO.rep.email, password: DEMO.rep.password }, csrf: false });
    expect(r.status).toBe(403);
  });

  it('publishes its OpenAPI document', async () => {
    const r = await ctx().client().get('/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    expect(Object.keys(r.body.paths)).toContain('/api/v1/get-agent-landing-page-info');
  });
});

describeEachDb('private media', (ctx) => {
  it('never serves signatures or receipts through the public media route', async () => {
    await ctx()
      .db.insertInto('media')
      .values({ id: 'receipt-test-1', content_type: 'application/pdf', data: Buffer.from('%PDF-1.4'), private: true })
      .execute();
    const r = await ctx().client().get('/media/receipt-test-1');
    expect(r.status).toBe(404);
    expect((await ctx().client().get('/media/site-main-logo.svg')).status).toBe(200);
  });
});
