import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { signedInOperator } from './helpers.ts';

describeEachDb('operator console API: who may use it', (ctx) => {
  const operator = signedInOperator(ctx);

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
});
