import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { pdfUnicodeText } from '../helpers/pdf-unicode-text.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { fileText } from '../../src/modules/carriers/service.ts';
import { runDailyCarrierJobs } from '../carriers/helpers.ts';
import { CARD } from '../enrollment/finish/helpers.ts';
import { BENEFICIARY, lifeMember } from './helpers.ts';

describeEachDb('the member home: only the signed-in member', (ctx) => {
  let riley: TestClient;
  let dana: Awaited<ReturnType<typeof lifeMember>>;
  const signed = async (who: { email: string; password: string }) => {
    const c = ctx().client();
    await c.signIn(who.email, who.password);
    return c;
  };

  it('shows Riley her Dental Essentials coverage and her ID card with her name and member id', async () => {
    riley = await signed(DEMO.member);
    const r = await riley.get('/api/v1/member-home');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const home = r.body.data;
    expect(home.member).toMatchObject({ member_id: '1001', first_name: 'Riley', last_name: 'Chen', group_name: 'Acme Manufacturing' });
    const dental = home.coverage.find((p: any) => p.plan_name === 'Dental Essentials');
    expect(dental).toMatchObject({
      status: 'ACTIVE',
      effective_date: '2026-01-01',
      carrier: 'National Dental Carrier',
      covered: ['Riley Chen'],
    });
    expect(dental.monthly_cents).toBeGreaterThan(0);
    expect(home.payment_options).toEqual(['cc', 'eft']);
    const card = await riley.request('GET', `/api/v1/member-home/id-card/${dental.policy_id}`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toContain('application/pdf');
  });

  it('the ID card PDF carries name, member id, group, plan and phone', async () => {
    // The demo carriers have their ID card lines (issue 37); first without them.
    await ctx()
      .db.updateTable('carriers')
      .set({ member_phone: null, payer_id: null, claims_address: null })
      .where('name', '=', 'National Dental Carrier')
      .execute();
    const cardText = async () => {
      const home = (await riley.get('/api/v1/member-home')).body.data;
      const res = await fetch(new URL(`/api/v1/member-home/id-card/${home.coverage[0].policy_id}`, ctx().baseUrl), {
        headers: { cookie: [...riley.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      return pdfUnicodeText(new Uint8Array(await res.arrayBuffer()));
    };
    const text = await cardText();
    for (const s of ['Riley Chen', '1001', 'Acme Manufacturing', 'Dental Essentials', 'Member ID', 'Your representative', '(555) 010-0100'])
      expect(text).toContain(s);
    // The representative's phone is never called member services (issue 37).
    expect(text).not.toContain('Member services');
    // With the carrier's member services phone (migration 1800), payer id and claims address (migration 2530), the
    // card gives them, and the carrier's group number.
    const card = { member_phone: '8005550134', payer_id: 'NDC42', claims_address: 'PO Box 1200\nAlbany, NY 12201' };
    await ctx().db.updateTable('carriers').set(card).where('name', '=', 'National Dental Carrier').execute();
    const withPhone = await cardText();
    for (const s of [
      'Member services',
      '(800) 555-0134',
      'Payer ID',
      'NDC42',
      'Send claims to',
      'PO Box 1200',
      'Albany, NY 12201',
      'Group number',
    ])
      expect(withPhone).toContain(s);
    expect(withPhone).not.toContain('Your representative');
    const dental = (await riley.get('/api/v1/member-home')).body.data.coverage.find((p: any) => p.plan_name === 'Dental Essentials');
    expect(dental).toMatchObject({
      carrier_phone: '8005550134',
      service_phone: null,
      payer_id: 'NDC42',
      claims_address: card.claims_address,
    });
    expect(dental.group_number).toBeTruthy();
    await ctx()
      .db.updateTable('carriers')
      .set({ member_phone: null, payer_id: null, claims_address: null })
      .where('name', '=', 'National Dental Carrier')
      .execute();
    // In the page's language.
    const home = (await riley.get('/api/v1/member-home')).body.data;
    const es = await fetch(new URL(`/api/v1/member-home/id-card/${home.coverage[0].policy_id}?lang=es`, ctx().baseUrl), {
      headers: { cookie: [...riley.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const esText = await pdfUnicodeText(new Uint8Array(await es.arrayBuffer()));
    for (const s of ['Número de miembro', 'Su representante', 'Riley Chen']) expect(esText).toContain(s);
  });

  it("the ID card PDF carries the carrier's logo: an SVG drawn, a PNG embedded, an outside address not fetched (issue 37)", async () => {
    const home = (await riley.get('/api/v1/member-home')).body.data;
    const dental = home.coverage.find((p: any) => p.plan_name === 'Dental Essentials');
    const cardBytes = async () => {
      const res = await fetch(new URL(`/api/v1/member-home/id-card/${dental.policy_id}`, ctx().baseUrl), {
        headers: { cookie: [...riley.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.status).toBe(200);
      return new Uint8Array(await res.arrayBuffer());
    };
    const setLogo = (logo: string | null) =>
      ctx().db.updateTable('carriers').set({ logo }).where('name', '=', 'National Dental Carrier').execute();
    const image = (pdf: Uint8Array) => Buffer.from(pdf).toString('latin1').includes('/Subtype /Image');
    // Without a logo (the demo carrier has one: issue 37): the carrier's name only.
    await setLogo(null);
    const plain = await pdfUnicodeText(await cardBytes());
    expect(plain).not.toContain('CARRIER');
    // The demo's logos are SVG (the plan's logo is the carrier's): its shapes and its words are drawn.
    const svg = await ctx().db.selectFrom('plans').select('plan_logo').where('plan_id', '=', dental.plan_id).executeTakeFirstOrThrow();
    await setLogo(`/media/${svg.plan_logo}`);
    expect(await pdfUnicodeText(await cardBytes())).toContain('CARRIER');
    // A PNG upload is embedded as an image.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await ctx().db.insertInto('media').values({ id: 'carrier-logo-test.png', content_type: 'image/png', data: png }).execute();
    await setLogo('/media/carrier-logo-test.png');
    expect(image(await cardBytes())).toBe(true);
    // An outside address is not fetched (no call leaves the store for a PDF); a private file is never read.
    await setLogo('https://logos.example/ndc.png');
    expect(image(await cardBytes())).toBe(false);
    await ctx().db.updateTable('media').set({ private: true }).where('id', '=', 'carrier-logo-test.png').execute();
    await setLogo('/media/carrier-logo-test.png');
    expect(image(await cardBytes())).toBe(false);
    await setLogo(null);
  });

  it('refuses anonymous (401), a rep, a group and the operator (403) on every endpoint', async () => {
    const anonymous = ctx().client();
    const home = (await riley.get('/api/v1/member-home')).body.data;
    const calls = (c: TestClient) => [
      c.get('/api/v1/member-home'),
      c.get(`/api/v1/member-home/id-card/${home.coverage[0].policy_id}`),
      c.get(`/api/v1/member-home/documents/00000000-0000-4000-8000-000000000000/receipt`),
      c.put('/api/v1/member-home/payment-method', CARD),
      c.put('/api/v1/member-home/beneficiaries', { enrollment_id: 'x', beneficiaries: [BENEFICIARY] }),
    ];
    for (const r of await Promise.all(calls(anonymous))) expect(r.status).toBe(401);
    for (const who of [DEMO.rep, DEMO.group, DEMO.operator]) {
      const c = await signed(who);
      for (const r of await Promise.all(calls(c))) expect(r.status, `${who.email}`).toBe(403);
    }
  });

  it("another member sees neither Riley's card nor Riley the other's documents or beneficiaries", async () => {
    dana = await lifeMember(ctx());
    const rileyHome = (await riley.get('/api/v1/member-home')).body.data;
    expect((await dana.member.get(`/api/v1/member-home/id-card/${rileyHome.coverage[0].policy_id}`)).status).toBe(404);
    const danaHome = (await dana.member.get('/api/v1/member-home')).body.data;
    expect(danaHome.documents.map((d: any) => d.kind)).toEqual(['receipt', 'signed-application']);
    expect(danaHome.beneficiaries[0].beneficiaries[0]).toMatchObject({ first_name: 'Sam', ssn: 'xxxxx4444' });
    expect(danaHome.payment).toMatchObject({ kind: 'card', last4: '4242' });
    for (const kind of ['receipt', 'signed-application'])
      expect((await riley.get(`/api/v1/member-home/documents/${dana.id}/${kind}`)).status).toBe(404);
    const mine = await dana.member.request('GET', `/api/v1/member-home/documents/${dana.id}/signed-application`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toContain('application/pdf');
    const other = await riley.put('/api/v1/member-home/beneficiaries', { enrollment_id: dana.id, beneficiaries: [BENEFICIARY] });
    expect(other.status).toBe(404);
  });

  it('refuses beneficiaries that do not total 100 with a 422 and changes nothing', async () => {
    const ts = ctx();
    const before = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', dana.id).executeTakeFirstOrThrow();
    const r = await dana.member.put('/api/v1/member-home/beneficiaries', {
      enrollment_id: dana.id,
      beneficiaries: [{ ...BENEFICIARY, beneficiary_percentage: '60' }],
    });
    expect(r.status).toBe(422);
    expect(r.body.errors?.[0]?.target_element ?? r.body.data?.[0]?.target_element ?? 'beneficiaries').toBe('beneficiaries');
    const after = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', dana.id).executeTakeFirstOrThrow();
    expect(after.tabs).toEqual(before.tabs);
  });

  it('a beneficiary change is audited, on the trail, and sent to the carrier as an 834 change (INS03 001)', async () => {
    const ts = ctx();
    const filesBefore = await ts.db.selectFrom('carrier_file_items').selectAll().where('enrollment_id', '=', dana.id).execute();
    expect(filesBefore.map((i) => i.maintenance)).toEqual(['021']);
    const r = await dana.member.put('/api/v1/member-home/beneficiaries', {
      enrollment_id: dana.id,
      beneficiaries: [
        { ...BENEFICIARY, beneficiary_percentage: '50' },
        { ...BENEFICIARY, first_name: 'Alex', ssn: '333445555', beneficiary_percentage: '50', relationship: 'Sibling' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ carrier_files: 1 });
    const audit = await ts.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.beneficiaries.change')
      .where('target', '=', dana.id)
      .execute();
    expect(audit).toHaveLength(1);
    const events = await ts.db
      .selectFrom('enrollment_events')
      .selectAll()
      .where('enrollment_id', '=', dana.id)
      .orderBy('seq', 'desc')
      .execute();
    expect(events[0]).toMatchObject({ event_type: 'step_saved' });
    expect(events[0].detail).toMatchObject({ step: 'benificiary_info', source: 'member-home', count: 2 });
    // The change waits for the carrier's daily job (issue 34: a day's changes make one file).
    const waiting = await ts.db
      .selectFrom('carrier_file_items')
      .select('file_id')
      .where('enrollment_id', '=', dana.id)
      .where('maintenance', '=', '001')
      .execute();
    expect(waiting.map((i) => i.file_id)).toEqual([null]);
    await runDailyCarrierJobs(ts);
    const items = await ts.db.selectFrom('carrier_file_items').selectAll().where('enrollment_id', '=', dana.id).orderBy('id').execute();
    expect(items.map((i) => i.maintenance)).toEqual(['021', '001']);
    const file = await ts.db.selectFrom('carrier_files').selectAll().where('id', '=', items[1].file_id!).executeTakeFirstOrThrow();
    const back = read834(fileText(ts.app, file));
    expect(back.enrollments).toHaveLength(1);
    expect(back.enrollments[0]).toMatchObject({ maintenance: '001', subscriberId: String(dana.userId) });
    expect(back.enrollments[0].members[0]).toMatchObject({ relationship: '18', lastName: 'Whitfield' });
    const home = (await dana.member.get('/api/v1/member-home')).body.data;
    expect(home.beneficiaries[0].beneficiaries.map((b: any) => [b.first_name, b.beneficiary_percentage])).toEqual([
      ['Sam', '50'],
      ['Alex', '50'],
    ]);
  });

  it('changes the payment method to a bank account: sealed at rest, last four shown, audited', async () => {
    const ts = ctx();
    const r = await dana.member.put('/api/v1/member-home/payment-method', {
      payment_method: 'eft',
      account_name: 'Dana Whitfield',
      account_number: '123456789012',
      routing_number: '021000021',
      bank_name: 'JPMORGAN CHASE BANK',
      account_type: 'checking',
      account_holder_type: 'individual',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ kind: 'bank', last4: '9012' });
    const row = await ts.db
      .selectFrom('member_payment_methods')
      .selectAll()
      .where('user_id', '=', dana.userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.account_number_enc).not.toContain('123456789012');
    expect(JSON.stringify(row)).not.toContain('123456789012');
    expect((await dana.member.get('/api/v1/member-home')).body.data.payment).toEqual({
      kind: 'bank',
      label: expect.any(String),
      last4: '9012',
    });
    const audit = await ts.db.selectFrom('audit_log').selectAll().where('action', '=', 'member.payment_method.change').execute();
    expect(audit.length).toBeGreaterThan(0);
    const bad = await dana.member.put('/api/v1/member-home/payment-method', {
      payment_method: 'eft',
      account_name: '',
      routing_number: '1',
    });
    expect(bad.status).toBe(422);
  });

  it('changes to a card keeping only brand, last four and the token (no number, no security code)', async () => {
    const ts = ctx();
    const { payment_method, bill_date, ...card } = CARD as Record<string, unknown>;
    void bill_date;
    const r = await riley.put('/api/v1/member-home/payment-method', { payment_method, ...card });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ kind: 'card', last4: '4242' });
    const row = await ts.db
      .selectFrom('member_payment_methods')
      .selectAll()
      .where('user_id', '=', 1001)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(row.card_token).toMatch(/^tok_/);
  });
});
