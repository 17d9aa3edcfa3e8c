import { expect, it } from 'vitest';
import { EOI_PENDING_NOTE } from '@store/domain/receipt';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { enrollInPlans, memberClient, PLAN_IDS } from './helpers.ts';

/**
 * Issue 38: 'Pending evidence of insurability' where the people around the member look — the group administrator's
 * list of employees names the plan (never the answers), the member's receipt mail and the rep's list say so already
 * (eoi.test.ts, rep-home).
 */
describeEachDb('pending evidence of insurability, as the group administrator sees it', (ctx) => {
  it("names the plan awaiting the carrier's decision beside the employee's plans", async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials, PLAN_IDS.termLife100k, PLAN_IDS.associationMembership]);
    const e = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    await ts.db.updateTable('members').set({ group_id: 3001 }).where('user_id', '=', e.user_id!).execute();
    const admin = ts.client();
    await admin.signIn(DEMO.group.email, DEMO.group.password);
    const home = await admin.get('/api/v1/group-home');
    expect(home.status).toBe(200);
    const dana = home.body.data.employees.find((x: { name: string }) => x.name === 'Dana Whitfield');
    // (The membership added with Term Life waits with it.)
    expect(dana.pending_evidence).toContain('Term Life 100k');
    expect(dana.pending_evidence).not.toContain('Dental Essentials');
    expect(dana.plans).toContain('Dental Essentials');
    expect(JSON.stringify(home.body)).not.toMatch(/health|answer/i);
    expect(EOI_PENDING_NOTE).toContain('5 to 10 days');
    // The member home lists it too (its own section shows the expected time).
    const member = await memberClient(ts, id);
    const coverage = (await member.get('/api/v1/member-home')).body.data.coverage;
    expect(coverage.find((c: { plan_id: number }) => c.plan_id === PLAN_IDS.termLife100k).eoi_status).toBe('pending');
  });
});
