import { expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/store.ts';
import { agree, CARD, enrollmentAtStepFive, enrollWith } from './helpers.ts';
import type { TestClient } from '../../helpers/client.ts';

/**
 * Issue 19: the review of every enrollment without a dependent step called delete-dependent-in-IO after its Next had
 * completed the enrollment, and got a 409. The completion itself now drops dependents saved under an earlier tier
 * (enrollment.md 4.8), in its own transaction; the wizard no longer calls it.
 */
describeEachDb('an IO enrollment keeps no dependents', (ctx) => {
  async function atBilling(c: TestClient) {
    const id = await enrollmentAtStepFive(ctx(), c);
    const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
      .filter((t: any) => t.required)
      .map((t: any) => t.tab_name);
    expect(tabs).not.toContain('dependent_info');
    for (const tab of tabs.slice(tabs.indexOf('contact_info') + 1, -1)) {
      const r =
        tab === 'review_info'
          ? await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' })
          : await agree(c, id, { user_name: 'Dana Whitfield' });
      expect(r.status, `${tab}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    return id;
  }
  const tabsOf = async (id: string) =>
    (await ctx().db.selectFrom('enrollments').select(['status', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow()) as {
      status: string;
      tabs: Record<string, unknown>;
    };

  it("drops dependents saved under an earlier tier when the billing step's Next completes", async () => {
    const c = ctx().client();
    const id = await atBilling(c);
    // dependents kept from when the quote was Member + Children
    const before = await tabsOf(id);
    const tabs = {
      ...before.tabs,
      dependent_info: { dependents: [{ primary_info: { first_name: 'Kim' } }] },
      dependent_temp: { dependents: [] },
    };
    await ctx()
      .db.updateTable('enrollments')
      .set({ tabs: JSON.stringify(tabs) })
      .where('id', '=', id)
      .execute();

    const done = await enrollWith(c, id, CARD);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = await tabsOf(id);
    expect(after.status).toBe('completed');
    expect(after.tabs).not.toHaveProperty('dependent_info');
    expect(after.tabs).not.toHaveProperty('dependent_temp');
    expect(after.tabs).toHaveProperty('review_info');
  });

  it('delete-dependent-in-IO answers 200 on an open enrollment and 409 once it is completed', async () => {
    const c = ctx().client();
    const id = await atBilling(c);
    expect((await c.post('/api/v1/delete-dependent-in-IO', { enrollment_id: id })).status).toBe(200);
    expect((await enrollWith(c, id, CARD)).status).toBe(200);
    expect((await c.post('/api/v1/delete-dependent-in-IO', { enrollment_id: id })).status).toBe(409);
  });
});
