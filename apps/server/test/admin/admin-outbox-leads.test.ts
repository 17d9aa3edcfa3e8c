import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { signedInOperator } from './helpers.ts';

describeEachDb('operator console API: outbox, help-chat leads and sign-up requests', (ctx) => {
  const operator = signedInOperator(ctx);

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
});
