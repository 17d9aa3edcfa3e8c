import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, isoToUs, todayIso } from '@store/domain/dates';
import { planYearStartAfter } from '@store/domain/renewals';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { callApi, startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';

/** Decision 2800 (issue 38): within a group's active open enrollment the cart shows the plan year's start alone. */
describe("cart: an enrollment within its group's open enrollment", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows only the plan year start as the effective date and proceeds with it', async () => {
    const closesOn = addDaysIso(todayIso(), 20);
    const planYearStart = isoToUs(planYearStartAfter(closesOn));
    await e2e.store.db
      .updateTable('groups')
      .set({ open_enrollment: 'active', enrollment_opens_on: addDaysIso(todayIso(), -1), enrollment_closes_on: closesOn })
      .where('group_id', '=', 3001)
      .execute();
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    expect(
      (await callApi(page, 'POST', '/api/auth/sign-in', { email: 'jordan.avery@example.com', password: 'Demo-Rep-2026' })).status,
    ).toBe(200);
    await page.evaluate(() => localStorage.setItem('eprocess', 'rep'));
    const id = await newQuote(page, { eprocess: 'rep', group_id: 3001 });
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await page.goto(e2e.url('/cart'));
    await page.getByRole('list', { name: 'Plans in your cart' }).getByText('Dental Essentials', { exact: true }).waitFor();

    const select = page.getByLabel('Effective Date');
    expect(await select.locator('option').allInnerTexts()).toEqual([planYearStart]);
    expect(await select.inputValue()).toBe(planYearStart);

    await page.getByRole('button', { name: 'Proceed to Enrollment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmation' });
    await dialog.getByText(`The plans in your cart will be effective as of ${planYearStart}.`).waitFor();
    await dialog.getByRole('button', { name: 'Proceed to Enrollment' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/personal-info');
    const row = await e2e.store.db.selectFrom('enrollments').select('effective_date').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.effective_date).toBe(planYearStartAfter(closesOn));
  }, 60_000);
});
