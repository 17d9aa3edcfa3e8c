import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { signIn, startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';

async function quote(page: Page, e2e: E2E, fields: Record<string, unknown> = {}, host?: string) {
  await page.goto(e2e.url('/sign-in', host));
  return page.evaluate(async (fields) => {
    await fetch('/api/v1/site');
    const csrf = decodeURIComponent(/(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)![1]);
    const r = await fetch('/api/v1/add-filter-for-new-user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({ zip: '10001', dob: '01/02/1990', gender: '0', tier: 'IO', eprocess: 'applicant', ...fields }),
    });
    const id = (await r.json()).data.temp_enrollment_id as string;
    localStorage.setItem('tempId', id);
    return id;
  }, fields);
}

describe('catalog in the browser: edit-search panel, dependent popup, portals, group members', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('edits the search on a phone: zip, tier, dependent information (children 1 to 8 for IF) and coverage options, with Back', async () => {
    const page = await e2e.newPage({ mobile: true });
    const id = await quote(page, e2e);
    await page.goto(e2e.url('/plans'));
    const panel = page.locator('.edit-search');
    await panel.getByRole('button', { name: 'Back' }).waitFor();
    // On a phone the plans come first, the edit-search form after them.
    const firstPlan = page.getByRole('link', { name: /^More Info: / }).first();
    await firstPlan.waitFor();
    const planTop = (await firstPlan.boundingBox())!.y;
    const panelTop = (await panel.boundingBox())!.y;
    expect(planTop).toBeLessThan(panelTop);
    await panel.getByLabel('Zip Code').fill('1234');
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel.getByText(TEXT.ENTER_5_DIGIT_ZIP).first().waitFor();
    await panel.getByLabel('Zip Code').fill('75201');
    await panel.getByLabel('Tier').selectOption('IF');
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel.getByText('Your basic info has been updated.').waitFor();
    const filter = await e2e.store.db.selectFrom('enrollments').select('filter_info').where('id', '=', id).executeTakeFirstOrThrow();
    expect(filter.filter_info).toMatchObject({ zip: '75201', state: 'TX', tier: 'IF' });
    await panel.getByRole('button', { name: 'Add Dependent Information' }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.PROVIDE_FOLLOWING_INFO });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText(TEXT.FIELD_REQUIRED).count()).toBe(2);
    const options = await dialog.getByLabel('Number of Children').locator('option').allTextContents();
    expect(options.slice(1)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    await dialog.getByLabel('Spouse Date of Birth').fill('03041990');
    await dialog.getByLabel('Number of Children').selectOption('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await panel.getByRole('button', { name: 'Edit Dependent Information' }).waitFor();
    await panel.getByText('03/04/1990').waitFor();
    await panel.getByLabel('Prescription').check();
    await expect
      .poll(
        async () =>
          (await e2e.store.db.selectFrom('enrollments').select('filter_info').where('id', '=', id).executeTakeFirstOrThrow()).filter_info
            .coverage,
      )
      .toEqual(['PRESCRIPTION']);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  it('offers children 1 to 9 for IC and hides Back without a temporary enrollment', async () => {
    const page = await e2e.newPage();
    await quote(page, e2e, { tier: 'IC' });
    await page.goto(e2e.url('/plans'));
    await page.getByRole('button', { name: 'Add Dependent Information' }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.PROVIDE_FOLLOWING_INFO });
    expect(await dialog.getByLabel('Spouse Date of Birth').count()).toBe(0);
    const options = await dialog.getByLabel('Number of Children').locator('option').allTextContents();
    expect(options.slice(1)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const fresh = await e2e.newPage();
    await fresh.goto(e2e.url('/plans'));
    await fresh.getByRole('main').getByRole('button', { name: 'FIND A PLAN' }).waitFor();
    expect(await fresh.getByRole('button', { name: 'Back' }).count()).toBe(0);
  });

  it('shows the portal and group lines, and hides the group line on the dental host', async () => {
    const page = await e2e.newPage();
    await quote(page, e2e, { platform_group_id: 502, group_id: 3001 });
    await page.goto(e2e.url('/plans'));
    await page.locator('.context-lines').getByText('Acme Manufacturing (ACME01)').waitFor();
    await page.locator('.context-lines').getByText('Elevate Benefits (ELEVATE)').waitFor();
    const dental = await e2e.newPage();
    await quote(dental, e2e, { platform_group_id: 502, group_id: 3001 }, 'dental.localhost');
    await dental.goto(e2e.url('/plans', 'dental.localhost'));
    await dental.locator('.context-lines').getByText('Elevate Benefits (ELEVATE)').waitFor();
    expect(await dental.getByText('Acme Manufacturing (ACME01)').count()).toBe(0);
  });

  it('asks a rep for a portal and a group before a new quote on plan detail', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026');
    await page.evaluate(() => localStorage.removeItem('portal_id'));
    // A click quicker than the answer to "who is signed in" still gets the rep's way.
    await page.route('**/api/v1/get-session**', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto(e2e.url('/plan/101/Dental-Essentials'));
    await page.getByRole('main').getByRole('button', { name: 'FIND A PLAN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Enrollment Portal' });
    await dialog.getByRole('button', { name: 'Select' }).click();
    await dialog.getByText(TEXT.CHOOSE_PLATFORM).waitFor();
    await dialog.getByLabel('Portal').selectOption('501');
    await dialog.getByRole('button', { name: 'Select' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.getByText(TEXT.CHOOSE_GROUP).waitFor();
    await dialog.getByLabel('Group').selectOption('3003');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem('portal_id'), localStorage.getItem('group_id')]))
      .toEqual(['501', '3003']);
  });

  it('lets a rep move a quote to the portal a plan is sold in (update-filter-portal), then shows its price', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026');
    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'FIND A PLAN' }).first().waitFor();
    const id = await newQuote(page, { dob: '01/02/1990', eprocess: 'rep', platform_group_id: 501 });
    await page.goto(e2e.url('/plan/202/Vision-Select'));
    const portalError = page.getByRole('alert').filter({ hasText: 'Vision Select is only offered through the Elevate Benefits portal.' });
    await portalError.waitFor();
    await portalError.getByRole('button', { name: 'Change portal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Enrollment Portal' });
    await dialog.getByLabel('Portal').selectOption('502');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.locator('.price-card .price').first().waitFor();
    await portalError.waitFor({ state: 'detached' });
    await page.getByText('Elevate Benefits (ELEVATE)').waitFor();
    const row = await e2e.store.db.selectFrom('enrollments').select('portal_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.portal_id).toBe(502);
  });

  it("lists the group's users for the signed-in group administrator", async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'hr@acme.example.com', 'Demo-Group-2026');
    await page.goto(e2e.url('/group-select-member'));
    const rows = page.locator('.members-table tbody tr');
    await rows.first().waitFor();
    const groups = await page.locator('.members-table tbody tr td:nth-child(5)').allTextContents();
    expect(new Set(groups)).toEqual(new Set(['Acme Manufacturing']));
    await page.getByText('Riley Chen').waitFor();
    await page.getByText('XXX-XX-1001').waitFor();
  });
});
