import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { ACCESS_CODE_LIMITS } from '@store/domain/abuse-limits';
import { sha256 } from '../../src/lib/crypto.ts';

describeEachDb('storefront API', (ctx) => {
  it('lists the menu categories as keys in the order of the specification', async () => {
    const r = await ctx().client().get('/api/v1/get-common-menu', { eprocess: 'applicant', open_type: 'agent', agent_id: '20001' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('success');
    expect(r.body.data).toEqual([
      'dental',
      'vision',
      'medical',
      'term_life',
      'limitedmed',
      'rx',
      'lifestyle',
      'supplemental',
      'di',
      'critical',
      'accident',
      'hospital',
      'pet',
      'guaranteed',
    ]);
    const group = await ctx().client().get('/api/v1/get-group-menu', { group_id: 3001 });
    expect(group.body.data).toContain('dental');
    expect((await ctx().client().get('/api/v1/get-group-menu', { group_id: 999999 })).status).toBe(204);
  });

  it('gives the featured plan cards with logo, name, short text and plan group', async () => {
    const r = await ctx().client().get('/api/v1/get-featured-plans', { eprocess: 'applicant' });
    expect(r.status).toBe(200);
    const names = r.body.data.map((p: { plan_name: string }) => p.plan_name);
    expect(names).toEqual(expect.arrayContaining(['Dental Essentials', 'Dental Preferred Plus', 'Dental + Vision Bundle', 'Vision Clear']));
    const essentials = r.body.data.find((p: { plan_name: string }) => p.plan_name === 'Dental Essentials');
    expect(essentials).toMatchObject({
      plan_id: 101,
      // the content-hashed, immutable URL the plan cards use (issue 35)
      plan_logo: expect.stringMatching(/^\/media\/[0-9a-f]{16}\/plan-logo-101\.svg$/),
      plan_group: 'low_deductible',
      category: 'dental',
    });
    expect(essentials.plan_short_text).not.toMatch(/<script/i);
    const logo = await ctx().client().get(essentials.plan_logo);
    expect(logo.status).toBe(200);
  });

  it('gives the featured plans short texts in Spanish when asked (issue 37), English otherwise', async () => {
    const c = ctx().client();
    const featured = async (headers: Record<string, string>) => {
      const r = await c.request('GET', '/api/v1/get-featured-plans', { query: { eprocess: 'applicant' }, headers });
      expect(r.headers.get('vary')).toMatch(/accept-language/i);
      return r.body.data.find((p: { plan_id: number }) => p.plan_id === 101).plan_short_text as string;
    };
    expect(await featured({ 'accept-language': 'es' })).toContain('Deducible anual bajo de $50');
    expect(await featured({ 'accept-language': 'en-US,en;q=0.9' })).toContain('Low $50 annual deductible');
    expect(await featured({})).toContain('Low $50 annual deductible');
  });

  it('validates a rep access code: details, 204 when unknown, Field is required when empty', async () => {
    const c = ctx().client();
    const r = await c.get('/api/v1/validate-agent', { agent_code: 'agent100' });
    expect(r.body.data).toEqual({
      agent_id: 20001,
      first_name: 'Jordan',
      last_name: 'Avery',
      agent_code: 'AGENT100',
      email: 'jordan.avery@example.com',
      phone: '5550100100',
      landing_url: 'jordan-avery',
    });
    const casey = await c.get('/api/v1/validate-agent', { agent_code: 'AGENT200' });
    expect(casey.body.data).toMatchObject({ first_name: 'Casey', last_name: 'Morgan', landing_url: null });
    expect((await c.get('/api/v1/validate-agent', { agent_code: 'NOPE999' })).status).toBe(204);
    const empty = await c.get('/api/v1/validate-agent', { agent_code: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.data).toEqual([{ target_element: 'agent_code', error_message: 'Field is required' }]);
  });

  it('validates a group code: name and landing url, 204 when unknown', async () => {
    const c = ctx().client();
    const acme = await c.get('/api/v1/validate-group', { group_code: 'ACME01' });
    expect(acme.body.data).toMatchObject({ group_id: 3001, name: 'Acme Manufacturing', landing_url: 'acme' });
    const noland = await c.get('/api/v1/validate-group', { group_code: 'NOLAND01' });
    expect(noland.body.data).toMatchObject({ group_id: 3002, landing_url: null });
    expect((await c.get('/api/v1/validate-group', { group_code: 'XXXX' })).status).toBe(204);
    const empty = await c.get('/api/v1/validate-group', {});
    expect(empty.status).toBe(422);
    expect(empty.body.data[0]).toEqual({ target_element: 'group_code', error_message: 'Field is required' });
  });

  it('slows down code guessing per code with 429', async () => {
    const c = ctx().client();
    const code = `GUESS${crypto.randomInt(1e6)}`;
    for (let i = 0; i < ACCESS_CODE_LIMITS.perCode; i++)
      expect((await c.get('/api/v1/validate-group', { group_code: code })).status).toBe(204);
    const blocked = await c.get('/api/v1/validate-group', { group_code: code });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many attempts. Please try again later.');
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });

  it('answers the referral info: REF100 valid with its referrer, REFBAD not', async () => {
    const c = ctx().client();
    const good = await c.get('/api/v1/get-enrollment-info-referral', { referral_id: 'REF100' });
    expect(good.body.data).toMatchObject({
      agent_id: 20001,
      portal_id: 501,
      valid_referral_link: true,
      referrer_info: { name: 'Jordan Avery' },
    });
    const bad = await c.get('/api/v1/get-enrollment-info-referral', { referral_id: 'REFBAD' });
    expect(bad.body.data).toMatchObject({ valid_referral_link: false, referrer_info: null, agent_id: null });
  });

  it('stores a rep sign-up query and answers 422 with messages beside the fields', async () => {
    const c = ctx().client();
    const bad = await c.post('/api/v2/agent-registration-query', { name: 'Bad<Name>', state: '', phone: '12345', email: 'nope' });
    expect(bad.status).toBe(422);
    const byField = Object.fromEntries(
      bad.body.data.map((e: { target_element: string; error_message: string }) => [e.target_element, e.error_message]),
    );
    expect(byField).toEqual({
      name: 'Enter valid name',
      state: 'Field is required',
      phone: 'Invalid phone number',
      email: 'Enter valid email address',
    });
    const empty = await c.post('/api/v2/agent-registration-query', {});
    expect(empty.body.data.find((e: { target_element: string }) => e.target_element === 'name').error_message).toBe('Field is required');
    const good = await c.post('/api/v2/agent-registration-query', {
      name: "Pat O'Neil",
      state: 'NY',
      phone: '2125550199',
      email: 'Pat@Example.com',
    });
    expect(good.status).toBe(200);
    expect(good.body.message).toBeTruthy();
    const row = await ctx()
      .db.selectFrom('storefront_signup_queries')
      .selectAll()
      .where('phone', '=', '2125550199')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Pat O'Neil", state: 'NY', email: 'pat@example.com' });
  });

  it('records a lead device only with store_information=1 and the CSRF token', async () => {
    const c = ctx().client();
    const device = crypto.randomUUID();
    expect((await c.get('/api/v1/check-lead-information', { device_id: device })).body).toMatchObject({
      statusCode: 204,
      data: { recorded: false },
    });
    await c.get('/api/v1/site');
    const noToken = await c.get('/api/v1/get-lead-information', { device_id: device, store_information: '1' });
    expect(noToken.status).toBe(403);
    const stored = await c.request('GET', '/api/v1/get-lead-information', {
      query: { device_id: device, store_information: '1', agent_id: '20001', web_url: 'http://localhost/' },
      headers: { 'x-csrf-token': c.cookies.get('csrf')! },
    });
    expect(stored.body.data).toEqual({ recorded: true });
    expect((await c.get('/api/v1/check-lead-information', { device_id: device })).body).toMatchObject({
      statusCode: 200,
      data: { recorded: true },
    });
  });

  it('runs the lead chat: question after question, editable answers, none left at the end', async () => {
    const c = ctx().client();
    const device = crypto.randomUUID();
    const first = await c.get('/api/v1/assist/get', { device_id: device, agent_id: '20001' });
    expect(first.body.data.answer).toEqual([]);
    expect(first.body.data.question.question).toBe('What is your name?');
    const empty = await c.post('/api/v1/assist/add', { question_id: first.body.data.question.id, answer: '   ', device_id: device });
    expect(empty.status).toBe(422);
    expect(empty.body.data[0]).toEqual({ target_element: 'answer', error_message: 'Field is required' });
    const saved = await c.post('/api/v1/assist/add', {
      question_id: first.body.data.question.id,
      answer: 'Sam',
      device_id: device,
      agent_id: '20001',
    });
    expect(saved.body.data).toMatchObject({ answer: 'Sam', assistant_question: { question: 'What is your name?' } });
    const second = await c.get('/api/v1/assist/get', { device_id: device });
    expect(second.body.data.question.question).toBe('What is your e-mail address?');
    await c.post('/api/v1/assist/add', { question_id: first.body.data.question.id, answer: 'Samantha', device_id: device });
    let state = (await c.get('/api/v1/assist/get', { device_id: device })).body.data;
    expect(state.answer).toEqual([expect.objectContaining({ answer: 'Samantha', assistant_question: { question: 'What is your name?' } })]);
    while (state.question) {
      await c.post('/api/v1/assist/add', { question_id: state.question.id, answer: 'ok', device_id: device });
      state = (await c.get('/api/v1/assist/get', { device_id: device })).body.data;
    }
    expect(state.answer).toHaveLength(5);
    // another device sees none of it
    expect((await c.get('/api/v1/assist/get', { device_id: crypto.randomUUID() })).body.data.answer).toEqual([]);
  });

  it('decrypt-detail gives the agent id; track-elevate-traffic needs an enrollment of this session', async () => {
    const c = ctx().client();
    const d = await c.post('/api/v1/decrypt-detail', { agentId: '20001' });
    expect(d.body.data[0]).toMatchObject({ agentId: 20001 });
    expect((await c.post('/api/v1/decrypt-detail', { agentId: 'zzz' })).status).toBe(204);
    expect((await c.post('/api/v1/track-elevate-traffic', { enrollment_id: crypto.randomUUID() })).status).toBe(404);
    // an enrollment of this session (created directly, as the quote module would)
    await c.post('/api/v1/decrypt-detail', { agentId: '20001' });
    const sid = c.cookies.get('sid');
    const id = crypto.randomUUID();
    const sessionId = sid ? sha256(sid) : null;
    if (!sessionId) {
      // no session yet: a POST that creates one is the quote call; make one by hand
      const token = crypto.randomBytes(32).toString('base64url');
      await ctx()
        .db.insertInto('sessions')
        .values({ id: sha256(token), expires_at: new Date(Date.now() + 3600_000) })
        .execute();
      c.cookies.set('sid', token);
    }
    await ctx()
      .db.insertInto('enrollments')
      .values({
        id,
        session_id: sha256(c.cookies.get('sid')!),
        type: 'new-member',
        eprocess: 'applicant',
        filter_info: JSON.stringify({ zip: '10001' }),
      })
      .execute();
    const t = await c.post('/api/v1/track-elevate-traffic', { enrollment_id: id });
    expect(t.status).toBe(200);
    expect(await ctx().db.selectFrom('storefront_traffic').select('enrollment_id').where('enrollment_id', '=', id).execute()).toHaveLength(
      1,
    );
    const other = ctx().client();
    expect((await other.post('/api/v1/track-elevate-traffic', { enrollment_id: id })).status).toBe(404);
  });
});
