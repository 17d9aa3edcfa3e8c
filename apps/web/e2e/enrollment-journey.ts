import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import type { E2E } from './harness.ts';
import { newQuote, tickAuthorization, waitForConsentBoxes } from './harness-enrollment.ts';

/** The enrollment journey through the browser, shared by the tests that go from the cart to the receipt. */
let seq = 0;
/** A quote of this browser for the tier, with Dental Essentials in the cart; tempId stored. */
export async function startQuote(
  e2e: E2E,
  page: Page,
  tier: string,
  fields: Record<string, unknown> = { eprocess: 'applicant', type: 'new-member', open_type: 'user' },
) {
  await page.goto(e2e.url('/'));
  const id = await newQuote(page, { tier, ...fields });
  await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
  await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
  return id;
}

/** Cart, checkout, personal and contact info through the UI of the first half. */
export async function throughFirstSteps(e2e: E2E, page: Page) {
  await page.goto(e2e.url('/cart'));
  await page.getByRole('button', { name: 'Proceed to Enrollment' }).click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Proceed to Enrollment' }).click();
  await page.waitForURL((u) => u.pathname === '/enrollment/personal-info');
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Dana');
  await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Whitfield');
  await page.getByLabel('Weight (lbs)').fill('150');
  await page.getByLabel('Height (feet)').fill('5');
  await page.getByLabel('Height (inches)').fill('7');
  await page.getByLabel('Marital Status').selectOption('1');
  await page.getByLabel('Social Security Number').fill('123456789');
  const ethnic = page.getByLabel('Ethnic Group');
  if (await ethnic.count()) await ethnic.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL((u) => u.pathname === '/enrollment/contact-info');
  seq++;
  await page.getByLabel(/^Email/).fill(`dana${seq}.${Date.now()}@example.org`);
  await page.getByLabel('Contact Number').fill(`212555${String(Date.now() % 10000).padStart(4, '0')}`);
  await page.getByLabel('Street Address 1').fill('1 Main Street');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('New York');
  await page.getByRole('textbox', { name: 'Zip', exact: true }).fill('10001');
  const birthState = page.getByLabel('Birth State');
  if (await birthState.count()) await birthState.selectOption('NY');
  const birthCity = page.getByLabel('Birth City');
  if (await birthCity.count()) await birthCity.fill('Albany');
  await page.getByRole('button', { name: 'Next' }).click();
}

export async function addDependent(page: Page, button: string, d: { first: string; dob: string; gender: '0' | '1'; ssn: string }) {
  await page.getByRole('button', { name: button }).click();
  const form = page.getByRole('group', { name: button.replace('+ ', '') });
  await form.getByRole('textbox', { name: 'First Name', exact: true }).fill(d.first);
  await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Whitfield');
  await form.getByLabel('Date of Birth').fill(d.dob);
  await form.getByLabel('Gender').selectOption(d.gender);
  await form.getByLabel('SSN').fill(d.ssn);
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.waitFor({ state: 'detached' });
}

export async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature pad' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 15, box.y + 40 + (i % 2 ? 30 : -10), { steps: 3 });
  await page.mouse.up();
}

/** The steps after dependents, in the order the server gives (review, agreement, billing: decision 2530). */
export async function finishSteps(page: Page, billing: (page: Page) => Promise<void>) {
  for (let i = 0; i < 4; i++) {
    const path = new URL(page.url()).pathname;
    if (path === '/enrollment/billing-information') {
      await billing(page);
      await tickAuthorization(page);
      // The last step's button says what it does and costs (decision 2531).
      await page.getByRole('button', { name: /^Enroll/ }).click();
    } else if (path === '/enrollment/agreement-signature') {
      await page.getByRole('heading', { name: TEXT.AGREEMENT_AND_SIGNATURE }).waitFor();
      await page.getByRole('heading', { name: TEXT.AGREEMENT_FORM_TITLE }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.locator('.agreement-text').getByText(TEXT.THIS_FIELD_REQUIRED).count()).toBe(3);
      await page.locator('#signature_message').getByText(TEXT.SIGNATURE_REQUIRED).waitFor();
      await page.getByRole('group', { name: TEXT.APPLICANT_VERIFICATION, exact: true }).waitFor();
      // The agreement texts load after the page: wait for them before ticking every box.
      await page.getByRole('checkbox', { name: 'I agree: Payment Authorization' }).waitFor();
      await waitForConsentBoxes(page);
      for (const box of await page.getByRole('checkbox').all()) await box.check();
      await drawSignature(page);
      await page.getByRole('button', { name: 'Next' }).click();
    } else if (path === '/enrollment/review-confirm') {
      await page.getByRole('heading', { name: TEXT.REVIEW_AND_CONFIRMATION }).waitFor();
      await page.getByText(TEXT.FIRST_MONTH_TOTAL_COST).waitFor();
      await page.getByText(TEXT.RECURRING_MONTHLY_COST).waitFor();
      await page.getByRole('button', { name: 'View Details: Personal Info' }).click();
      const dialog = page.getByRole('dialog', { name: 'Personal Info' });
      await dialog.getByText('Married').waitFor();
      await dialog.getByText('xxxxx6789').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByLabel('Additional Notes').fill('Please call after 5pm.');
      await page.getByRole('button', { name: 'Next' }).click();
    } else if (path === '/enrollment/receipt') break;
    await page
      .waitForURL((u) => u.pathname !== path, { timeout: 15_000 })
      .catch(async (err) => {
        throw new Error(`stuck on ${path}: ${(await page.locator('body').innerText()).slice(-2500)}`, { cause: err });
      });
  }
  await page.waitForURL((u) => u.pathname === '/enrollment/receipt');
}

/**
 * The quote filter through the API in the page (this browser's session owns it) for a member of group 3001 (Acme
 * Manufacturing, portal 501, rep 20001), with a term life plan in the cart, checked out; the page holds its tempId.
 */
export async function startGroupTermLifeEnrollment(e2e: E2E, page: Page) {
  await page.goto(e2e.url('/'));
  const id = await newQuote(page, {
    dob: '04/12/1985',
    gender: '1',
    is_smoker: undefined,
    eprocess: 'applicant',
    agent_id: 20001,
    group_id: 3001,
    platform_group_id: 501,
    type: 'new-group-member',
    open_type: 'group',
  });
  await putInCart(e2e.store, id, PLAN_IDS.termLife100k);
  await e2e.store.db.updateTable('enrollments').set({ status: 'checked_out' }).where('id', '=', id).execute();
  return id;
}
