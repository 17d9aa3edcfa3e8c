import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { callApi, signIn, startE2E, type E2E } from './harness.ts';
import { axeProblems } from './harness-a11y.ts';
import { newQuote } from './harness-enrollment.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';

describe("the rep's home (book of business)", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** The new member's quote of the signed-in rep (this browser's session and account own it), a plan in its cart. */
  async function repQuote(page: Page) {
    const id = await newQuote(page, {
      dob: '04/12/1985',
      gender: '1',
      is_smoker: undefined,
      eprocess: 'rep',
      agent_id: 20001,
      group_id: 3001,
      platform_group_id: 501,
      type: 'new-group-member',
      open_type: 'agent',
    });
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await e2e.store.db.updateTable('enrollments').set({ status: 'checked_out' }).where('id', '=', id).execute();
    return id;
  }

  it("shows the rep's new enrollment in progress with the step saved, opens it, and reads well on a phone and in Spanish", async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026');
    await page.goto(e2e.url('/agent-home'));
    const inProgress = page.getByRole('region', { name: 'Enrollments in progress', exact: true });
    await inProgress.getByText('No enrollment in progress.').waitFor();

    // The specification's flow stays: Start Enrollment, New Member, a portal, Start New Member Enrollment.
    await page.getByRole('button', { name: 'Start Enrollment' }).click();
    await page.getByRole('dialog', { name: 'Who do you want to enroll for?' }).getByRole('button', { name: 'New Member' }).click();
    const portal = page.getByRole('dialog', { name: 'Choose Enrollment Portal' });
    await portal.getByLabel('Direct Enrollment').check();
    await portal.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Start New Member Enrollment' }).click();
    await page.waitForURL((u) => u.pathname === '/home');

    // The new member's quote, then the personal step saved in the wizard.
    const id = await repQuote(page);
    await page.goto(e2e.url('/enrollment/personal-info'));
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    await page.getByLabel('First Name').fill('Marisol');
    await page.getByLabel('Last Name').fill('Quintero');
    await page.getByLabel('Weight (lbs)').fill('140');
    await page.getByLabel('Height (feet)').fill('5');
    await page.getByLabel('Height (inches)').fill('4');
    await page.getByLabel('Marital Status').selectOption({ label: 'Single' });
    await page.getByLabel('Social Security Number').fill('123456789');
    await page.getByLabel('Ethnic Group').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/enrollment\/contact-info$/);

    // Home: the enrollment in progress, with the step it reached and no reminder yet.
    await page.goto(e2e.url('/agent-home'));
    const row = inProgress.getByRole('row', { name: /Marisol Quintero/ });
    await row.waitFor();
    await row.getByRole('cell', { name: 'Personal Information' }).waitFor();
    await row.getByRole('cell', { name: 'Not sent' }).waitFor();
    await inProgress.getByText('Page 1 of 1 (1 in all)').waitFor();
    await expect(inProgress.getByRole('link', { name: 'Download CSV (Enrollments in progress)' }).getAttribute('href')).resolves.toBe(
      '/api/v1/rep-home/in-progress/export.csv',
    );
    expect(await axeProblems(page)).toEqual([]);

    // A search the server answers.
    await inProgress.getByLabel('Search by name').fill('nobody-like-this');
    await inProgress.getByRole('button', { name: 'Search' }).click();
    await inProgress.getByText('Nothing matches this search.').waitFor();
    await inProgress.getByLabel('Search by name').fill('quint');
    await inProgress.getByRole('button', { name: 'Search' }).click();
    await row.waitFor();

    // Saved for later with an e-mail: the code can be mailed again from the home.
    const saved = await callApi(page, 'POST', '/api/v1/save-enrollment', {
      enrollment_id: id,
      email: 'marisol@example.org',
      tab: 'contact_info',
    });
    expect(saved.status).toBe(200);
    await page.reload();
    await row.getByRole('cell', { name: 'Contact Information' }).waitFor();
    await row.getByRole('button', { name: 'Resend code Marisol Quintero' }).click();
    await inProgress.getByText('A new enrollment code has been sent.').waitFor();
    const codes = await e2e.store.db
      .selectFrom('outbox')
      .select('to_address')
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-code')
      .execute();
    expect(codes.map((c) => c.to_address)).toEqual(['marisol@example.org', 'marisol@example.org']);

    // Open: the wizard at the step reached, with what was saved.
    await inProgress.getByLabel('Search by name').fill('quint');
    await inProgress.getByRole('button', { name: 'Search' }).click();
    await row.getByRole('button', { name: 'Open Marisol Quintero' }).click();
    await page.waitForURL(/\/enrollment\/contact-info$/);
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('tempId'))).resolves.toBe(id);

    // 375 px: the page does not scroll sideways (the tables scroll in their own captioned region); Spanish texts.
    const phone = await e2e.newPage({ mobile: true, width: 375, storageState: await page.context().storageState() });
    await phone.goto(e2e.url('/agent-home'));
    await phone.evaluate(() => localStorage.setItem('lang', 'es'));
    await phone.reload();
    const enCurso = phone.getByRole('region', { name: 'Inscripciones en curso', exact: true });
    await enCurso
      .getByRole('row', { name: /Marisol Quintero/ })
      .getByRole('cell', { name: 'Información de contacto' })
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeProblems(phone)).toEqual([]);
  });
});
