import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { todayIso } from '@store/domain/dates';
import { enrollInPlans, PLAN_IDS } from '../../server/test/after-enrollment/helpers.ts';
import { hashPassword } from '../../server/src/lib/passwords.ts';
import { callApi, signIn, startE2E, type E2E } from './harness.ts';
import { axeProblems } from './harness-a11y.ts';

const REP = { email: 'jordan.avery@example.com', password: 'Demo-Rep-2026' };
const GROUP = { email: 'hr@acme.example.com', password: 'Demo-Group-2026' };

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Issue 38 at 375 px: a member removes their spouse in a dependent's death's window, seeing the new tier and price in
 * the confirmation before confirming; the rep and the group administrator see their people's events and statuses,
 * never a document.
 */
describe('life events: removing a person, and the rep and group lists', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** A member enrolled in Dental Essentials with a member account, signed in on a phone. */
  async function member(tag: string) {
    const ts = e2e.store;
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const { user_id } = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    const email = `${tag}.${user_id}@example.org`;
    await ts.db
      .insertInto('accounts')
      .values({ email, password_hash: await hashPassword('Dana-Member-2026'), role: 'member', agent_id: null, group_id: null, user_id })
      .execute();
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(page, e2e, email, 'Dana-Member-2026');
    return { id, page };
  }

  it('removes the spouse after seeing the new tier and monthly amount in the confirmation', async () => {
    const ts = e2e.store;
    const { page } = await member('remove');
    await page.goto(e2e.url('/member-home'));
    // A marriage (its proof taken as approved here: the proof's review has its own test) and the spouse added.
    const wed = await callApi(page, 'POST', '/api/v1/member-home/life-events', { event_type: 'marriage', event_date: todayIso() });
    await ts.db.updateTable('life_events').set({ status: 'approved' }).where('id', '=', wed.body.data.id).execute();
    const add = await callApi(page, 'POST', `/api/v1/member-home/life-events/${wed.body.data.id}/changes`, {
      action: 'add_dependent',
      relationship: 'spouse',
      first_name: 'Sam',
      last_name: 'Whitfield',
      birthdate: '1990-02-03',
      gender: '0',
    });
    expect(add.status).toBe(200);
    const death = await callApi(page, 'POST', '/api/v1/member-home/life-events', { event_type: 'dependent_death', event_date: todayIso() });
    expect(death.body.data.status).toBe('approved');

    await page.reload();
    const section = page.getByRole('region', { name: 'Life events' });
    await section.getByText('People on your coverage').waitFor();
    const before = await section.getByText(/^You pay \$[\d,.]+ a month\.$/).textContent();
    await section.getByRole('button', { name: 'Remove Sam Whitfield' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Sam Whitfield from your coverage?' });
    const sentence = dialog.getByText(/your coverage will be Member Only, \$[\d,.]+ a month \(now \$[\d,.]+\)\./);
    await sentence.waitFor();
    expect(await axeProblems(page)).toEqual([]);
    // Keeping closes the dialog and changes nothing.
    await dialog.getByRole('button', { name: 'Keep Sam Whitfield' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await callApi(page, 'GET', '/api/v1/member-home/life-events')).body.data.dependents).toHaveLength(1);

    await section.getByRole('button', { name: 'Remove Sam Whitfield' }).click();
    const newAmount = /Member Only, (\$[\d,.]+) a month/.exec((await sentence.textContent()) ?? '')![1];
    await dialog.getByRole('button', { name: 'Remove Sam Whitfield' }).click();
    await section.getByText(`Your new monthly amount is ${newAmount}`, { exact: false }).waitFor();
    await section.getByRole('button', { name: 'Remove Sam Whitfield' }).waitFor({ state: 'detached' });
    const after = await section.getByText(/^You pay \$[\d,.]+ a month\.$/).textContent();
    expect(after).not.toBe(before);
    expect(await axeProblems(page)).toEqual([]);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);

    // In the same window, another dental plan instead of Dental Essentials: none chosen is refused beside the field.
    await section.getByRole('button', { name: 'Change a plan' }).first().click();
    const plan = section.getByLabel('Plan you want instead');
    await plan.waitFor();
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Choose the plan you want instead.').first().waitFor();
    const option = (await plan.locator('option').allTextContents()).find((o) =>
      o.startsWith('Instead of Dental Essentials: Dental Preferred Plus'),
    )!;
    expect(option).toMatch(/, \$[\d,.]+ a month$/);
    await plan.selectOption({ label: option });
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText(/Your plan was changed\. Dental Preferred Plus starts on \d\d\/\d\d\/\d{4} at \$[\d,.]+ a month\./).waitFor();
    expect(await axeProblems(page)).toEqual([]);
  });

  it('the rep and the group administrator see their people’s events and statuses at 375 px, no document', async () => {
    const ts = e2e.store;
    const { id, page } = await member('book');
    await page.goto(e2e.url('/member-home'));
    const rep = await ts.db.selectFrom('accounts').select('agent_id').where('email', '=', REP.email).executeTakeFirstOrThrow();
    const group = await ts.db.selectFrom('accounts').select('group_id').where('email', '=', GROUP.email).executeTakeFirstOrThrow();
    await ts.db.updateTable('enrollments').set({ agent_id: rep.agent_id, group_id: group.group_id }).where('id', '=', id).execute();
    const name = (await ts.db
      .selectFrom('enrollments')
      .innerJoin('members', 'members.user_id', 'enrollments.user_id')
      .select(['members.first_name', 'members.last_name'])
      .where('enrollments.id', '=', id)
      .executeTakeFirstOrThrow()) as { first_name: string; last_name: string };
    const birth = await callApi(page, 'POST', '/api/v1/member-home/life-events', { event_type: 'birth_adoption', event_date: todayIso() });
    const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.7\n%%EOF\n').toString('base64')}`;
    expect((await callApi(page, 'POST', `/api/v1/member-home/life-events/${birth.body.data.id}/document`, { data_url: pdf })).status).toBe(
      200,
    );

    for (const who of [
      { account: REP, path: '/agent-home', caption: 'Life events of your clients' },
      { account: GROUP, path: '/group-home', caption: 'Life events of your employees' },
    ]) {
      const p = await e2e.newPage({ mobile: true, width: 375 });
      await signIn(p, e2e, who.account.email, who.account.password);
      await p.goto(e2e.url(who.path));
      const list = p.getByRole('region', { name: who.caption });
      const row = list.getByRole('row', { name: new RegExp(`${name.first_name} ${name.last_name}`) }).first();
      await row.waitFor();
      await row.getByText('Birth or adoption').waitFor();
      await row.getByText('Document under review').waitFor();
      expect(await list.getByRole('link').count()).toBe(0);
      // The document itself is the operator's only.
      expect([401, 403, 404]).toContain((await callApi(p, 'GET', `/api/admin/life-events/${birth.body.data.id}/document`)).status);
      expect(await axeProblems(p)).toEqual([]);
      expect(await noOverflow(p)).toBeLessThanOrEqual(0);
      await p.close();
    }
  });
});
