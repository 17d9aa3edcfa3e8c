import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '@store/domain/dates';
import { signIn, startE2E, type E2E } from './harness.ts';
import { axeProblems } from './harness-a11y.ts';
import type {} from '../../server/src/modules/group-home/repository.ts';

/**
 * Issue 38 (decision 2660): an active open enrollment on the group administrator's home, on a 375 px phone and axe
 * clean: the census employees who have chosen (an enrollment of the group completed within it) and those who have not.
 */
const ACME = 3001;

describe("the group home's open enrollment", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('lists who has chosen and who has not', async () => {
    const db = e2e.store.db;
    // An enrollment of Acme completed today: the open enrollment began the day before.
    const today = new Date().toISOString().slice(0, 10);
    const chose = { email: 'ana.chosen@example.org', completed_on: today };
    await db
      .insertInto('enrollments')
      .values({
        id: crypto.randomUUID(),
        session_id: null,
        account_id: null,
        agent_id: null,
        group_id: ACME,
        portal_id: null,
        user_id: null,
        type: 'new-member',
        eprocess: 'applicant',
        open_type: 'user',
        referral: null,
        status: 'completed',
        filter_info: JSON.stringify({}),
        effective_date: null,
        tabs: JSON.stringify({ contact_info: { email_address: chose.email } }),
        saved_tab: null,
        enroller_code: null,
        resume_code_hash: null,
        resume_email: null,
        confirmation_number: null,
        completed_at: new Date(),
        reminders_unsubscribed_at: null,
        resume_expires_at: null,
      } as never)
      .execute();
    await db
      .updateTable('groups')
      .set({
        open_enrollment: 'active',
        enrollment_opens_on: addDaysIso(chose.completed_on, -1),
        enrollment_closes_on: addDaysIso(chose.completed_on, 30),
      })
      .where('group_id', '=', ACME)
      .execute();
    await db
      .insertInto('group_employees')
      .values([
        { group_id: ACME, name: 'Ana Chosen', email: chose.email, dob: '1985-04-12' },
        { group_id: ACME, name: 'Bo Waiting', email: 'bo.waiting@example.org', dob: '1990-02-03' },
      ])
      .execute();

    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(page, e2e, 'hr@acme.example.com', 'Demo-Group-2026');
    await page.goto(e2e.url('/group-home'));
    const section = page.getByRole('region', { name: 'Open enrollment: who has chosen' });
    await section.waitFor();
    const notChosen = section.getByRole('group', { name: 'Not chosen yet (1)' });
    const chosen = section.getByRole('group', { name: 'Chosen (1)', exact: true });
    expect(await notChosen.getByRole('listitem').allTextContents()).toEqual(['Bo Waiting']);
    expect(await chosen.getByRole('listitem').allTextContents()).toEqual(['Ana Chosen']);
    expect(await section.textContent()).toContain('Coverage of those who do not choose ends at the end of the plan year.');
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });
});
