import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { inEnrollmentTabs } from '../../src/db/sealed-columns.ts';

const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const dataUrl = (type: string, body: string | Buffer) => `data:${type};base64,${Buffer.from(body).toString('base64')}`;

describeEachDb('operator console API', (ctx) => {
  let op: TestClient;
  const operator = async () => {
    if (!op) {
      op = ctx().client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
    }
    return op;
  };

  it('gives nothing to anonymous callers, reps, group administrators or members', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/sites'],
      ['GET', '/api/admin/enrollments'],
      ['GET', '/api/admin/outbox'],
      ['GET', '/api/admin/agents/20001'],
      ['PUT', '/api/admin/sites/1/settings', { settings: [] }],
      ['PUT', '/api/admin/plans/1/rates', { rows: [] }],
      ['POST', '/api/admin/accounts', { email: 'x@example.com', password: 'long-enough-1', role: 'operator' }],
    ];
    const anonymous = ctx().client();
    const rep = ctx().client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const group = ctx().client();
    await group.signIn(DEMO.group.email, DEMO.group.password);
    const member = ctx().client();
    await member.signIn(DEMO.member.email, DEMO.member.password);
    for (const c of [anonymous, rep, group, member]) {
      for (const [method, path, body] of calls) {
        const r = await c.request(method, path, { body });
        expect([401, 403], `${method} ${path}`).toContain(r.status);
        expect(r.body).toEqual({ status: 'error', message: expect.any(String) });
      }
    }
    const settings = await ctx().db.selectFrom('site_settings').select('key').where('site_id', '=', 1).execute();
    expect(settings.length).toBeGreaterThan(5);
    expect((await (await operator()).get('/api/admin/sites')).status).toBe(200);
  });

  it('edits a site: kind, flag, branding settings, image upload by content', async () => {
    const c = await operator();
    const list = await c.get('/api/admin/sites', { q: 'partner' });
    expect(list.body.data.total).toBe(1);
    const partner = list.body.data.items[0];
    expect(partner).toMatchObject({ host: 'partner.localhost', kind: 'partner', site_flag: 'false' });

    const upload = await c.post('/api/admin/uploads', { data_url: `data:image/png;base64,${PNG_1x1}` });
    expect(upload.status).toBe(200);
    expect(upload.body.data.content_type).toBe('image/png');
    // The type comes from the bytes, not the claim.
    const disguised = await c.post('/api/admin/uploads', { data_url: dataUrl('image/png', '<html><script>alert(1)</script></html>') });
    expect(disguised.status).toBe(422);
    expect(disguised.body.data).toEqual([{ target_element: 'file', error_message: 'Upload a PNG, JPEG, WebP or SVG image.' }]);
    const evil = await c.post('/api/admin/uploads', {
      data_url: dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(evil.body.data[0].error_message).toBe('This SVG contains scripts or external references and was refused.');
    const handler = await c.post('/api/admin/uploads', {
      data_url: dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><rect onload="x()"/></svg>'),
    });
    expect(handler.status).toBe(422);
    const fine = await c.post('/api/admin/uploads', {
      data_url: dataUrl(
        'text/plain',
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#f00"/></svg>',
      ),
    });
    expect(fine.body.data.content_type).toBe('image/svg+xml');
    const big = await c.post('/api/admin/uploads', {
      data_url: `data:image/png;base64,${Buffer.concat([Buffer.from(PNG_1x1, 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64')}`,
    });
    expect(big.status).toBe(422);

    const detail = await c.get(`/api/admin/sites/${partner.id}`);
    const settings = detail.body.data.settings.filter((s: { key: string }) => s.key !== 'banner_image');
    const saved = await c.put(`/api/admin/sites/${partner.id}/settings`, {
      settings: [...settings, { key: 'banner_image', value: upload.body.data.url }],
    });
    expect(saved.status).toBe(200);
    const img = await c.get(upload.body.data.url);
    expect(img.headers.get('content-type')).toBe('image/png');

    const badKey = await c.put(`/api/admin/sites/${partner.id}/settings`, { settings: [{ key: 'Bad Key', value: 'x' }] });
    expect(badKey.status).toBe(422);
    expect(badKey.body.data[0].target_element).toBe('settings.0.key');

    const edited = await c.put(`/api/admin/sites/${partner.id}`, {
      host: 'partner.localhost',
      kind: 'partner',
      name: 'Partner Benefits Co',
      site_flag: 'true',
      group_id: null,
      portal_id: null,
      active: true,
    });
    expect(edited.body.data).toMatchObject({ name: 'Partner Benefits Co', site_flag: 'true' });
    const site = await ctx().client('partner.localhost').get('/api/v1/site');
    expect(site.body.data).toMatchObject({ name: 'Partner Benefits Co', site_flag: 'true' });
    expect(site.body.data.settings.banner_image).toBe(upload.body.data.url);
    const audit = await ctx().db.selectFrom('audit_log').select('action').where('target', '=', `site:${partner.id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['update-site-settings', 'update-site']));
  });

  it('creates and edits reps with validated, unique landing urls, portals and accounts', async () => {
    const c = await operator();
    const base = {
      agent_id: 20901,
      first_name: 'Sam',
      last_name: 'Lee',
      agent_code: 'AGENT901',
      landing_url: 'sam-lee',
      display_name: 'Sam Lee',
      agent_bio: 'Sam helps teachers.',
      portals: [501],
    };
    for (const [landing, message] of [
      ['cart', 'This address is used by the store itself. Please choose another.'],
      ['admin', 'This address is used by the store itself. Please choose another.'],
      ['Sam_Lee', 'Use lower-case letters, digits and hyphens only.'],
      ['acme', 'This landing url is already used by another rep or group.'],
      ['jordan-avery', 'This landing url is already used by another rep or group.'],
    ]) {
      const r = await c.post('/api/admin/agents', { ...base, landing_url: landing });
      expect(r.status, landing).toBe(422);
      expect(r.body.data).toContainEqual({ target_element: 'landing_url', error_message: message });
    }
    const dupCode = await c.post('/api/admin/agents', { ...base, agent_code: 'AGENT100' });
    expect(dupCode.body.data).toEqual([{ target_element: 'agent_code', error_message: 'This code is already used.' }]);
    const created = await c.post('/api/admin/agents', base);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ agent_id: 20901, landing_url: 'sam-lee', portals: [501], active: true });
    const landing = await ctx().client().get('/api/v1/validate-landing-page', { landing_page: 'sam-lee' });
    expect(landing.body.data).toMatchObject({ type: 'agent', agent_id: 20901 });

    const jordan = await c.get('/api/admin/agents/20001');
    expect(jordan.body.data.portals).toEqual([501, 502]);
    expect(jordan.body.data.groups.map((g: { group_id: number }) => g.group_id)).toEqual(expect.arrayContaining([3001, 3003]));
    expect(jordan.body.data.accounts[0].email).toBe(DEMO.rep.email);

    // A group may not take a rep's landing url either.
    const group = await c.post('/api/admin/groups', {
      group_id: 3901,
      gname: 'Lakeside Clinic',
      gcode: 'LAKE01',
      agent_id: 20901,
      landing_url: 'sam-lee',
      portals: [],
    });
    expect(group.body.data).toContainEqual({
      target_element: 'landing_url',
      error_message: 'This landing url is already used by another rep or group.',
    });
    const groupOk = await c.post('/api/admin/groups', {
      group_id: 3901,
      gname: 'Lakeside Clinic',
      gcode: 'LAKE01',
      agent_id: 20901,
      landing_url: 'lakeside',
      gweb_aboutus: 'About Lakeside',
      portals: [502],
    });
    expect(groupOk.body.data).toMatchObject({ group_id: 3901, portals: [502], gweb_aboutus: 'About Lakeside' });
    const rep = await c.get('/api/admin/agents/20901');
    expect(rep.body.data.groups).toEqual([{ group_id: 3901, gname: 'Lakeside Clinic' }]);

    // Deactivate: the landing page no longer opens.
    const off = await c.put('/api/admin/agents/20901', { ...base, active: false });
    expect(off.body.data.active).toBe(false);
    expect((await ctx().client().get('/api/v1/validate-landing-page', { landing_page: 'sam-lee' })).status).toBe(204);

    // Sign-in account and password reset.
    const account = await c.post('/api/admin/accounts', {
      email: 'Sam.Lee@example.com',
      password: 'First-Pass-2026',
      role: 'rep',
      agent_id: 20901,
    });
    expect(account.body.data).toMatchObject({ email: 'sam.lee@example.com', role: 'rep', agent_id: 20901 });
    const dup = await c.post('/api/admin/accounts', {
      email: 'sam.lee@example.com',
      password: 'First-Pass-2026',
      role: 'rep',
      agent_id: 20901,
    });
    expect(dup.body.data).toEqual([{ target_element: 'email', error_message: 'An account with this e-mail already exists.' }]);
    const short = await c.put(`/api/admin/accounts/${account.body.data.id}/password`, { password: 'short' });
    expect(short.body.data).toEqual([{ target_element: 'password', error_message: 'Use at least 10 characters.' }]);
    const sam = ctx().client();
    await sam.signIn('sam.lee@example.com', 'First-Pass-2026');
    await c.put(`/api/admin/accounts/${account.body.data.id}/password`, { password: 'Second-Pass-2026' });
    expect((await sam.get('/api/auth/me')).body.data.signed_in).toBe(false);
    await ctx().client().signIn('sam.lee@example.com', 'Second-Pass-2026');
    const hash = await ctx()
      .db.selectFrom('accounts')
      .select('password_hash')
      .where('email', '=', 'sam.lee@example.com')
      .executeTakeFirstOrThrow();
    expect(hash.password_hash.startsWith('$argon2id$')).toBe(true);

    const portals = await c.post('/api/admin/portals', {
      platform_group_id: 509,
      platform_name: 'Teachers Portal',
      platform_code: 'TEACH',
    });
    expect(portals.body.data).toMatchObject({ platform_group_id: 509, active: true });
    const list = await c.get('/api/admin/portals');
    // the demo portals 501, 502 and 503 (issue 26) and the new one
    expect(list.body.data.total).toBe(4);
  });

  it('edits plans: sanitized texts, validated rules, questions', async () => {
    const c = await operator();
    const plans = await c.get('/api/admin/plans', { category: 'dental', limit: 100 });
    expect(plans.body.data.items.every((p: { category: string }) => p.category === 'dental')).toBe(true);
    const essentials = plans.body.data.items.find((p: { plan_name: string }) => p.plan_name === 'Dental Essentials');
    const plan = (await c.get(`/api/admin/plans/${essentials.plan_id}`)).body.data;
    const { plan_id: _id, ...form } = plan;
    const saved = await c.put(`/api/admin/plans/${essentials.plan_id}`, {
      ...form,
      body_text: '<p onclick="x()">Cleanings <b>twice</b> a year<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.body_text).toBe('<p>Cleanings <b>twice</b> a year<a>x</a></p>');
    const badRules = await c.put(`/api/admin/plans/${essentials.plan_id}`, { ...form, rules: { tiers: ['XX'], minAge: 'ten' } });
    expect(badRules.status).toBe(422);
    expect(badRules.body.data.map((e: { target_element: string }) => e.target_element)).toEqual(
      expect.arrayContaining(['rules.tiers.0', 'rules.minAge']),
    );

    const q = await c.post(`/api/admin/plans/${essentials.plan_id}/questions`, {
      kind: 'questions',
      question_text: 'Have you seen a dentist this year?',
      options: [],
    });
    expect(q.body.data).toMatchObject({ question_text: 'Have you seen a dentist this year?', plan_id: essentials.plan_id });
    const listed = await c.get(`/api/admin/plans/${essentials.plan_id}/questions`);
    expect(listed.body.data).toHaveLength(1);
    await c.post(`/api/admin/questions/${q.body.data.question_id}/delete`);
    expect((await c.get(`/api/admin/plans/${essentials.plan_id}/questions`)).body.data).toHaveLength(0);
  });

  it('edits rate tables as a grid and from CSV, with row errors and a sample quote', async () => {
    const c = await operator();
    const plans = await c.get('/api/admin/plans', { q: 'Pet Companion' });
    const pet = plans.body.data.items[0];
    const rates = (await c.get(`/api/admin/plans/${pet.plan_id}/rates`)).body.data;
    expect(rates.length).toBeGreaterThan(0);

    const bad = await c.put(`/api/admin/plans/${pet.plan_id}/rates`, {
      rows: [
        { tier: 'IO', age_min: 18, age_max: 64, state: '', smoker: '', price: '10.00' },
        { tier: 'ZZ', age_min: 18, age_max: 64, state: '', smoker: '', price: '10.00' },
        { tier: 'IS', age_min: 70, age_max: 60, state: '', smoker: '', price: '-1' },
        { tier: 'IO', age_min: 30, age_max: 40, state: '', smoker: '', price: '12' },
      ],
    });
    expect(bad.status).toBe(422);
    const messages = bad.body.data.map((e: { error_message: string }) => e.error_message);
    expect(messages).toContain('Row 2: Tier must be IO, IS, IC or IF.');
    expect(messages.some((m: string) => m.startsWith('Row 3:'))).toBe(true);
    expect(messages).toContain('Row 4: ages overlap row 1 for the same tier, state and smoker.');
    expect((await c.get(`/api/admin/plans/${pet.plan_id}/rates`)).body.data).toEqual(rates);

    const csv =
      'tier,age_min,age_max,state,smoker,price\nIO,18,99,,,21.50\nIS,18,99,,,35\nIC,18,99,,,40\nIF,18,99,,,55.25\nIO,18,99,TX,,19.00\n';
    const imported = await c.post(`/api/admin/plans/${pet.plan_id}/rates/csv`, { csv });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toHaveLength(5);
    const badCsv = await c.post(`/api/admin/plans/${pet.plan_id}/rates/csv`, {
      csv: 'tier,age_min,age_max,state,smoker,price\nIO,18,99,,,abc\n',
    });
    expect(badCsv.body.data).toEqual([{ target_element: 'rows.1.price', error_message: 'Row 1: Enter a price such as 12.50.' }]);
    const noHeader = await c.post(`/api/admin/plans/${pet.plan_id}/rates/csv`, { csv: 'IO,18,99,,,1\n' });
    expect(noHeader.body.data[0].target_element).toBe('csv');

    const ny = await c.get(`/api/admin/plans/${pet.plan_id}/sample-quote`, { zip: '10001', dob: '01/15/1980', tier: 'IO' });
    expect(ny.body.data).toMatchObject({ state: 'NY', price: 21.5, message: null });
    const tx = await c.get(`/api/admin/plans/${pet.plan_id}/sample-quote`, { zip: '75201', dob: '01/15/1980', tier: 'IO' });
    expect(tx.body.data.price).toBe(19);
    const badZip = await c.get(`/api/admin/plans/${pet.plan_id}/sample-quote`, { zip: '00000', dob: '01/15/1980', tier: 'IO' });
    expect(badZip.body.data).toEqual([{ target_element: 'zip', error_message: 'This zip code was not found.' }]);

    // Changing one price keeps the row (carts that point at it stay valid).
    const grid = imported.body.data.map((r: Record<string, unknown>) => ({
      ...r,
      price: r.tier === 'IO' && r.state === null ? 23.75 : r.price,
    }));
    const updated = await c.put(`/api/admin/plans/${pet.plan_id}/rates`, { rows: grid });
    const io = updated.body.data.find((r: { tier: string; state: string | null }) => r.tier === 'IO' && r.state === null);
    expect(io.price).toBe(23.75);
    expect(io.plan_pricing_id).toBe(
      imported.body.data.find((r: { tier: string; state: string | null }) => r.tier === 'IO' && r.state === null).plan_pricing_id,
    );
    expect(
      (await c.get(`/api/admin/plans/${pet.plan_id}/sample-quote`, { zip: '10001', dob: '01/15/1980', tier: 'IO' })).body.data.price,
    ).toBe(23.75);
  });

  it('finds an enrollment by name, code, status and date; shows it masked and audits the view', async () => {
    const shopper = ctx().client();
    const created = await shopper.post('/api/v1/add-filter-for-new-user', {
      zip: '10001',
      dob: '01/15/1980',
      gender: '0',
      tier: 'IO',
      eprocess: 'applicant',
      type: 'new-member',
      open_type: 'user',
    });
    expect(created.status).toBe(200);
    const id = created.body.data.temp_enrollment_id;
    const sealer = ctx().app.sealer;
    await ctx()
      .db.updateTable('enrollments')
      .set({
        tabs: JSON.stringify({
          primary_info: {
            first_name: 'Quinn',
            last_name: 'Zephyrine',
            ssn: '123456789',
            ssn_sealed: sealer.seal('123456789', inEnrollmentTabs(id)),
            birthdate: '01/15/1980',
          },
          payment_info: { payment_method: 'eft', account_number: '000123456789', routing_number: '021000021' },
          health_info: { _sealed: sealer.sealJson({ q1: 'yes' }, inEnrollmentTabs(id)) },
          aggrement_info: { signature: '/media/signature-test.png' },
        }),
        confirmation_number: 'BS-ZEPH-0001',
        status: 'completed',
      })
      .where('id', '=', id)
      .execute();
    await ctx()
      .db.insertInto('media')
      .values({ id: 'signature-test.png', content_type: 'image/png', data: Buffer.from(PNG_1x1, 'base64') })
      .execute();
    await shopper.post('/api/v1/save-screenshot', { enrollment_id: id, name: 'personal-info', image: `data:image/png;base64,${PNG_1x1}` });

    const c = await operator();
    for (const q of ['zephyr', 'Quinn Zeph', 'bs-zeph', id]) {
      const r = await c.get('/api/admin/enrollments', { q });
      expect(
        r.body.data.items.map((i: { id: string }) => i.id),
        q,
      ).toEqual([id]);
      expect(r.body.data.total).toBe(1);
    }
    const byStatus = await c.get('/api/admin/enrollments', { q: 'zephyr', status: 'quote' });
    expect(byStatus.body.data.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const byDate = await c.get('/api/admin/enrollments', { q: 'zephyr', from: '2020-01-01', to: '2099-12-31' });
    expect(byDate.body.data.total).toBe(1);
    expect((await c.get('/api/admin/enrollments', { q: 'zephyr', to: '2020-01-01' })).body.data.total).toBe(0);
    expect(today).toMatch(/^\d{4}/);

    const detail = await c.get(`/api/admin/enrollments/${id}`);
    expect(detail.status).toBe(200);
    const d = detail.body.data;
    expect(d).toMatchObject({ id, first_name: 'Quinn', last_name: 'Zephyrine', status: 'completed', confirmation_number: 'BS-ZEPH-0001' });
    expect(d.tabs.primary_info).toMatchObject({ ssn: 'xxxxx6789', ssn_sealed: '[encrypted]' });
    expect(d.tabs.payment_info).toMatchObject({ account_number: 'xxxxxxxx6789', routing_number: 'xxxxx0021' });
    expect(d.tabs.health_info).toEqual({ _sealed: '[encrypted]' });
    expect(JSON.stringify(d)).not.toContain('123456789');
    expect(d.screenshots).toHaveLength(1);
    expect(d.screenshots[0].name).toBe('personal-info');
    expect(d.documents).toContainEqual({ label: 'Signature', url: '/api/admin/media/signature-test.png', content_type: 'image/png' });
    const shot = await c.get(`/api/admin/enrollments/${id}/screenshots/${d.screenshots[0].id}`);
    expect(shot.headers.get('content-type')).toBe('image/png');
    const audit = await ctx()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'view-enrollment')
      .where('target', '=', `enrollment:${id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].account_id).toBeTypeOf('number');
    expect((await c.get('/api/admin/enrollments/not-a-real-id')).status).toBe(404);
  });

  it('lists the outbox, shows a mail and resends it', async () => {
    const c = await operator();
    const id = await ctx().app.mailer.enqueue(ctx().db, {
      kind: 'test',
      to: 'someone@example.com',
      subject: 'Your enrollment code',
      html: '<p>Code <b>1234</b></p>',
      text: 'Code 1234',
    });
    await ctx().db.updateTable('outbox').set({ status: 'failed', attempts: 5, last_error: 'boom' }).where('id', '=', id).execute();
    const list = await c.get('/api/admin/outbox', { status: 'failed' });
    expect(list.body.data.items[0]).toMatchObject({ id, status: 'failed', to_address: 'someone@example.com' });
    const one = await c.get(`/api/admin/outbox/${id}`);
    expect(one.body.data).toMatchObject({ html: '<p>Code <b>1234</b></p>', text: 'Code 1234' });
    const resent = await c.post(`/api/admin/outbox/${id}/resend`);
    expect(resent.body.data).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    await ctx().app.mailer.flush();
    const row = await ctx().db.selectFrom('outbox').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'kept', attempts: 1 });
  });

  it('lists help-chat leads with their answers in order, and rep sign-up requests, only to operators, audited', async () => {
    const shopper = ctx().client();
    const device = `lead-${Date.now()}`;
    let state = (await shopper.get('/api/v1/assist/get', { device_id: device, agent_id: '20001' })).body.data;
    const answers = ['Quinn Harlow', 'quinn.harlow@example.org', '2125550123', 'dental', 'evenings'];
    for (const answer of answers) {
      const r = await shopper.post('/api/v1/assist/add', {
        question_id: state.question.id,
        answer,
        device_id: device,
        agent_id: '20001',
        web_url: 'http://localhost/jordan-avery',
      });
      expect(r.status).toBe(200);
      state = (await shopper.get('/api/v1/assist/get', { device_id: device })).body.data;
    }
    expect(
      (
        await shopper.post('/api/v2/agent-registration-query', {
          name: 'Rowan Pike',
          state: 'TX',
          phone: '2145550188',
          email: 'rowan.pike@example.org',
        })
      ).status,
    ).toBe(200);

    const c = await operator();
    const leads = await c.get('/api/admin/chat-leads', { q: 'Quinn Harlow' });
    expect(leads.status).toBe(200);
    expect(leads.body.data.total).toBe(1);
    expect(leads.body.data.items[0]).toMatchObject({ device_id: device, agent_id: 20001, agent_name: 'Jordan Avery' });
    expect(leads.body.data.items[0].answers).toEqual([
      { question: 'What is your name?', answer: 'Quinn Harlow' },
      { question: 'What is your e-mail address?', answer: 'quinn.harlow@example.org' },
      { question: 'What is your phone number?', answer: '2125550123' },
      { question: 'Which kind of plan are you looking for (dental, vision, life or other)?', answer: 'dental' },
      { question: 'When is the best time to reach you?', answer: 'evenings' },
    ]);
    // The newest conversation comes first without a search.
    expect((await c.get('/api/admin/chat-leads', { limit: 1 })).body.data.items[0].device_id).toBe(device);
    expect((await c.get('/api/admin/chat-leads', { q: 'nobody-answered-this' })).body.data).toMatchObject({ items: [], total: 0 });

    const requests = await c.get('/api/admin/signup-requests', { q: 'rowan' });
    expect(requests.body.data.items).toEqual([
      {
        id: expect.any(Number),
        name: 'Rowan Pike',
        state: 'TX',
        phone: '2145550188',
        email: 'rowan.pike@example.org',
        created_at: expect.any(String),
      },
    ]);

    const audits = await ctx()
      .db.selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['view-chat-leads', 'view-signup-requests'])
      .execute();
    expect(new Set(audits.map((a) => a.action))).toEqual(new Set(['view-chat-leads', 'view-signup-requests']));

    const rep = ctx().client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    for (const path of ['/api/admin/chat-leads', '/api/admin/signup-requests']) {
      expect((await rep.get(path)).status).toBe(401);
      expect((await shopper.get(path)).status).toBe(401);
    }
  });

  it('keeps the number found exact on every page as enrollments are added and change', async () => {
    const c = await operator();
    const found = async (query: Record<string, string | number> = {}) => {
      const r = await c.get('/api/admin/enrollments', { limit: 1, ...query });
      expect(r.status).toBe(200);
      return r.body.data.total as number;
    };
    const all = await found();
    const quotes = await found({ status: 'quote' });
    expect(await found({ offset: 1 })).toBe(all);

    const shopper = ctx().client();
    const created = await shopper.post('/api/v1/add-filter-for-new-user', {
      zip: '10001',
      dob: '01/15/1980',
      gender: '0',
      tier: 'IO',
      eprocess: 'applicant',
    });
    expect(created.status).toBe(200);
    const id: string = created.body.data.temp_enrollment_id;
    expect(await found()).toBe(all + 1);
    expect(await found({ offset: 1 })).toBe(all + 1);
    expect(await found({ status: 'quote' })).toBe(quotes + 1);

    await ctx().db.updateTable('enrollments').set({ status: 'checked_out' }).where('id', '=', id).execute();
    expect(await found({ status: 'quote' })).toBe(quotes);
    expect(await found({ status: 'quote', offset: 1 })).toBe(quotes);
    await sql`update enrollments set status = 'quote' where id = ${id}`.execute(ctx().db);
    expect(await found({ status: 'quote' })).toBe(quotes + 1);
    expect(await found()).toBe(all + 1);
  });

  it('gives the same pages going forward, back or straight to a page, enrollments created at the same instant included, and after a change', async () => {
    const c = await operator();
    const at = '2001-02-03T04:05:06.123456Z';
    const ids = Array.from({ length: 7 }, (_, i) => `page-test-${i}`);
    await ctx()
      .db.insertInto('enrollments')
      .values(
        ids.map((id, i) => ({
          id,
          type: 'new-member',
          eprocess: 'applicant',
          filter_info: '{}',
          created_at: i < 5 ? at : `2001-02-0${4 + i}T10:00:00.000001Z`,
        })),
      )
      .execute();
    const filter = { from: '2001-02-01', to: '2001-02-28' };
    const idsOf = (r: { body: { data: { items: { id: string }[] } } }) => r.body.data.items.map((i) => i.id);
    const whole = idsOf(await c.get('/api/admin/enrollments', { ...filter, limit: 100 }));
    expect(whole).toEqual([...ids].reverse());
    const pageAt = async (offset: number) => {
      const r = await c.get('/api/admin/enrollments', { ...filter, limit: 2, offset });
      expect(r.body.data.total).toBe(7);
      return idsOf(r);
    };
    for (const offset of [4, 4, 6, 2, 0, 2, 4, 6, 8])
      expect(await pageAt(offset), `offset ${offset}`).toEqual(whole.slice(offset, offset + 2));

    await ctx().db.updateTable('enrollments').set({ created_at: '2001-02-20T00:00:00Z' }).where('id', '=', 'page-test-0').execute();
    const moved = ['page-test-0', ...whole.filter((id) => id !== 'page-test-0')];
    for (const offset of [4, 6, 2, 4])
      expect(await pageAt(offset), `offset ${offset} after the change`).toEqual(moved.slice(offset, offset + 2));
  });

  it('pages lists on the server with totals', async () => {
    const c = await operator();
    const p1 = await c.get('/api/admin/plans', { limit: 5, offset: 0 });
    const p2 = await c.get('/api/admin/plans', { limit: 5, offset: 5 });
    expect(p1.body.data.items).toHaveLength(5);
    expect(p1.body.data.total).toBeGreaterThanOrEqual(20);
    expect(p2.body.data.items[0].plan_id).not.toBe(p1.body.data.items[0].plan_id);
    expect((await c.get('/api/admin/plans', { limit: 1000 })).status).toBe(422);
  });
});
