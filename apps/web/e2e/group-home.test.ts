import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { addDaysIso, todayIso } from '@store/domain/dates';
import { dateInWords } from '@store/domain/group-window';
import { signIn, startE2E, type E2E } from './harness.ts';
import { axeProblems } from './harness-a11y.ts';
import { signInAsOperator } from './admin-harness.ts';
// The group home's tables and columns (declared by its repository) for the database checks below.
import type {} from '../../server/src/modules/group-home/repository.ts';

/**
 * Issue 24, the group's home: the group administrator's census upload (a bad line is named, nothing imported; a good
 * file invites the employees, who show in the list with their status), on a 375 px phone and axe clean; a group's
 * enrollment link outside the open-enrollment window says when it opens, in English and Spanish.
 */
const ACME = 3001;
const csvFile = (text: string) => ({ name: 'census.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('the group home', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a census upload with a bad line shows the line and imports nothing; a good one lists the employees as invited', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(page, e2e, 'hr@acme.example.com', 'Demo-Group-2026');
    await page.goto(e2e.url('/group-home'));
    // The start-enrollment flow of the specification stays.
    await expect.poll(() => page.getByRole('button', { name: 'Start Enrollment' }).isVisible()).toBe(true);
    const census = page.getByRole('form', { name: 'Upload the census' });
    await census
      .getByLabel('Census file (CSV)')
      .setInputFiles(csvFile('name,email,date of birth\nAna Ruiz,ana.ruiz@example.org,01/02/1990\nBo Lee,bo.lee@example,02/03/1991\n'));
    await census.getByRole('button', { name: 'Upload and invite' }).click();
    const summary = census.locator('.error-summary');
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await summary.getByRole('heading').textContent()).toBe(TEXT.ERROR_SUMMARY_TITLE);
    expect(await census.getByRole('list', { name: 'Lines to correct' }).getByRole('listitem').allTextContents()).toEqual([
      'Line 3: The e-mail address is not valid',
    ]);
    expect(await summary.textContent()).toContain('Nothing was imported: correct these lines and upload the file again.');
    expect(await e2e.store.db.selectFrom('group_employees').select('id').where('group_id', '=', ACME).execute()).toEqual([]);
    // Before any census, the group's members with active plans are listed, not on the census (issue 37).
    const members = page.getByRole('table');
    for (const name of ['Riley Chen', 'Morgan Patel', 'Drew Williams']) {
      const row = members.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
      await row.getByText('Enrolled', { exact: true }).waitFor();
      await row.getByText('No', { exact: true }).waitFor();
    }
    await members.getByRole('row').filter({ hasText: 'Morgan Patel' }).getByText('Dental Essentials, Vision Clear').waitFor();
    expect(await axeProblems(page)).toEqual([]);
    expect(await overflows(page)).toBe(false);

    await census
      .getByLabel('Census file (CSV)')
      .setInputFiles(csvFile('name,email,date of birth\nAna Ruiz,ana.ruiz@example.org,01/02/1990\nBo Lee,bo.lee@example.org,02/03/1991\n'));
    await census.getByRole('button', { name: 'Upload and invite' }).click();
    await census.getByText('2 employees added, 2 invited by e-mail, 0 updated.').waitFor();
    const table = page.getByRole('table');
    await table.getByRole('rowheader', { name: 'Bo Lee' }).waitFor();
    const rows = await table.getByRole('row').allTextContents();
    expect(rows.filter((r) => r.includes('Ana Ruiz') || r.includes('Bo Lee')).map((r) => r.includes('Invited'))).toEqual([true, true]);
    const mails = await e2e.store.db.selectFrom('outbox').select('to_address').where('kind', '=', 'group-invitation').execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual(['ana.ruiz@example.org', 'bo.lee@example.org']);
    expect(await axeProblems(page)).toEqual([]);
    expect(await overflows(page)).toBe(false);
  });

  it('the group administrator sets the window; outside it the group link says when enrollment opens, in English and Spanish', async () => {
    const admin = await e2e.newPage();
    await signIn(admin, e2e, 'hr@acme.example.com', 'Demo-Group-2026');
    await admin.goto(e2e.url('/group-home'));
    const form = admin.getByRole('form', { name: 'Open enrollment' });
    await form.getByLabel('Enrollment opens on').fill('2031-01-01');
    await form.getByLabel('Enrollment closes on').fill('2030-12-01');
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await form.getByText('The end date must be on or after the start date.').first().waitFor();
    await form.getByLabel('Enrollment closes on').fill('2031-01-31');
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await form.getByText('Enrollment window saved').waitFor();
    await form.getByText('Enrollment for Acme Manufacturing opens on January 1, 2031.').waitFor();

    const visitor = await e2e.newPage({ mobile: true, width: 375 });
    await visitor.goto(e2e.url('/acme'));
    const notice = visitor.getByText('Enrollment for Acme Manufacturing opens on January 1, 2031.');
    await notice.waitFor();
    expect(await notice.isVisible()).toBe(true);
    // The server refuses the enrollment whatever the page does.
    const refused = await visitor.evaluate(async () => {
      await fetch('/api/v1/site');
      const csrf = decodeURIComponent(/(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const r = await fetch('/api/v1/add-filter-for-new-user', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ zip: '10001', dob: '01/15/1985', gender: '0', tier: 'IO', group_id: 3001, open_type: 'group' }),
      });
      return { status: r.status, message: (await r.json()).message };
    });
    expect(refused).toEqual({ status: 409, message: 'Enrollment for Acme Manufacturing opens on January 1, 2031.' });

    // A visitor who chose Spanish (the phone's menu keeps the language choice; the choice is stored).
    await visitor.evaluate(() => localStorage.setItem('lang', 'es'));
    await visitor.reload();
    await expect.poll(() => visitor.evaluate(() => document.documentElement.lang)).toBe('es');
    await visitor.getByText('La inscripción para Acme Manufacturing se abre el 1 de enero de 2031.').waitFor();
    expect(await axeProblems(visitor)).toEqual([]);

    // Back to no window: the link says nothing more.
    await e2e.store.db
      .updateTable('groups')
      .set({ enrollment_opens_on: null, enrollment_closes_on: null })
      .where('group_id', '=', ACME)
      .execute();
  });

  it('an operator sets the window in the console; the group link then says when enrollment ended', async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url(`/admin/groups/${ACME}`));
    const yesterday = addDaysIso(todayIso(), -1);
    await page.getByLabel('Enrollment opens on').fill('2020-01-01');
    await page.getByLabel('Enrollment closes on').fill(yesterday);
    await page.getByRole('button', { name: 'Save group' }).click();
    await page.getByText('Group saved.').waitFor();
    const g = await e2e.store.db
      .selectFrom('groups')
      .select(['enrollment_opens_on', 'enrollment_closes_on'])
      .where('group_id', '=', ACME)
      .executeTakeFirstOrThrow();
    expect(g).toEqual({ enrollment_opens_on: '2020-01-01', enrollment_closes_on: yesterday });

    const visitor = await e2e.newPage();
    await visitor.goto(e2e.url('/acme'));
    await visitor.getByText(`Enrollment for Acme Manufacturing ended on ${dateInWords(yesterday)}.`).waitFor();
    await e2e.store.db
      .updateTable('groups')
      .set({ enrollment_opens_on: null, enrollment_closes_on: null })
      .where('group_id', '=', ACME)
      .execute();
  });
});
