import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';

/** The start-up look-ups of storefront.md that the web app reaches through other calls: answered and 204 when unknown. */
describeEachDb('start-up look-ups', (ctx) => {
  it('gives a rep and a group by id for enrollment, 204 for unknown ids', async () => {
    const c = ctx().client();
    const agent = await c.get('/api/v1/get-agent-info-enroll', { agent_id: 20001 });
    expect(agent.status).toBe(200);
    expect(agent.body.data).toMatchObject({ agent_id: 20001, first_name: 'Jordan', last_name: 'Avery', agent_code: 'AGENT100' });
    expect((await c.get('/api/v1/get-agent-info-enroll', { agent_id: 999999 })).status).toBe(204);
    const group = await c.get('/api/v1/get-group-info-enroll', { group_id: 3001 });
    expect(group.body.data).toEqual({ group_id: 3001, gname: 'Acme Manufacturing', gcode: 'ACME01' });
    expect((await c.get('/api/v1/get-group-info-enroll', { group_id: 999999 })).status).toBe(204);
    // Neither hands out anything of a member.
    expect(JSON.stringify(agent.body)).not.toMatch(/ssn|password|email/i);
  });

  it('looks an external site up by host or name, 204 when unknown', async () => {
    const c = ctx().client();
    const byHost = await c.get('/api/v1/get-external-site-infromation', { site_name: 'goenroll.localhost' });
    expect(byHost.status).toBe(200);
    expect(byHost.body.data).toMatchObject({ host: 'goenroll.localhost', kind: 'go-enroll', group_id: 3001, portal_id: 501 });
    expect((await c.get('/api/v1/get-external-site-infromation', { site_name: 'no-such-site.example' })).status).toBe(204);
  });

  it("names the go-enroll footer's plan: a featured plan the home page shows, and another one when the operator stops featuring it", async () => {
    const ts = ctx();
    const c = ts.client();
    const featured = (await c.get('/api/v1/get-featured-plans')).body.data.map((p: { plan_id: number }) => p.plan_id);
    const footer = (await c.get('/api/v1/get-goenroll-footer-plan')).body.data.plan_id;
    expect(featured).toContain(footer);
    await ts.db.updateTable('plans').set({ featured: false }).where('plan_id', '=', footer).execute();
    try {
      const next = (await c.get('/api/v1/get-goenroll-footer-plan')).body.data.plan_id;
      expect(next).not.toBe(footer);
      expect(featured).toContain(next);
    } finally {
      await ts.db.updateTable('plans').set({ featured: true }).where('plan_id', '=', footer).execute();
    }
  });
});
