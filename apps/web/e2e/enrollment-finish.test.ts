import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { newQuote, startE2E, type E2E } from './harness.ts';

let seq = 0;
/** A quote of this browser for the tier, with Dental Essentials in the cart; tempId stored. */
async function startQuote(e2e: E2E, page: Page, tier: string) {
  await page.goto(e2e.url('/'));
  const id = await newQuote(page, { tier, eprocess: 'applicant', type: 'new-member', open_type: 'user' });
  await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
  await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
  return id;
}

/** Cart, checkout, personal and contact info through the UI of the first half. */
async function throughFirstSteps(e2e: E2E, page: Page) {
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

async function addDependent(page: Page, button: string, d: { first: string; dob: string; gender: '0' | '1'; ssn: string }) {
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

async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature pad' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 15, box.y + 40 + (i % 2 ? 30 : -10), { steps: 3 });
  await page.mouse.up();
}

/** The steps after dependents, in the order the server gives (billing, agreement, review). */
async function finishSteps(page: Page, billing: (page: Page) => Promise<void>) {
  for (let i = 0; i < 4; i++) {
    const path = new URL(page.url()).pathname;
    if (path === '/enrollment/billing-information') {
      await billing(page);
      await page.getByRole('button', { name: 'Next' }).click();
    } else if (path === '/enrollment/agreement-signature') {
      await page.getByRole('heading', { name: TEXT.AGREEMENT_AND_SIGNATURE }).waitFor();
      await page.getByRole('heading', { name: TEXT.AGREEMENT_FORM_TITLE }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.locator('.agreement-text').getByText(TEXT.THIS_FIELD_REQUIRED).count()).toBe(3);
      await page.locator('#signature_message').getByText(TEXT.SIGNATURE_REQUIRED).waitFor();
      await page.getByText(TEXT.APPLICANT_VERIFICATION).waitFor();
      // The agreement texts load after the page: wait for them before ticking every box.
      await page.getByRole('checkbox', { name: 'I agree: Payment Authorization' }).waitFor();
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
    await page.waitForURL((u) => u.pathname !== path, { timeout: 15_000 }).catch(async (err) => {
      throw new Error(`stuck on ${path}: ${(await page.locator("body").innerText()).slice(-2500)}`, { cause: err });
    });
  }
  await page.waitForURL((u) => u.pathname === '/enrollment/receipt');
}

describe('enrollment finish: from the cart to the receipt', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('IF with a spouse and two children, EFT billing and a drawn signature', async () => {
    const page = await e2e.newPage();
    const id = await startQuote(e2e, page, 'IF');
    await throughFirstSteps(e2e, page);
    await page.waitForURL((u) => u.pathname === '/enrollment/dependent-information');
    await page.getByRole('heading', { name: TEXT.DEPENDENT_INFORMATION }).waitFor();
    await page.getByRole('heading', { name: TEXT.SPOUSE_CHILD_INFO_REQUIRED }).waitFor();
    // The server's disclaimer for dependents (get-form-fields-dependent-primary-info).
    await page.getByText('Dependents must be your legal spouse or your children under age 26.').waitFor();
    expect(await page.getByRole('button', { name: TEXT.ADD_CHILD }).count()).toBe(0);
    await addDependent(page, TEXT.ADD_SPOUSE, { first: 'Sam', dob: '02/02/1984', gender: '1', ssn: '987650001' });
    await page.getByText('Spouse #1: Sam Whitfield').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await addDependent(page, TEXT.ADD_CHILD, { first: 'Ava', dob: '03/04/2012', gender: '1', ssn: '987650002' });
    await page.getByText(TEXT.PROCEED_CLICKING_NEXT).waitFor();
    // Editing disables add, delete and next with their hints; Cancel restores them.
    await page.getByRole('button', { name: 'Edit Dependent #2' }).click();
    await page.getByText(TEXT.SUBMIT_EDITED_TO_ADD).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete Dependent #1' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
    await addDependent(page, TEXT.ADD_CHILD, { first: 'Ben', dob: '05/06/2015', gender: '0', ssn: '987650003' });
    await page.getByText('Child #3: Ben Whitfield').waitFor();
    // The list survives a reload (temporary store).
    await page.reload();
    await page.getByText('Child #3: Ben Whitfield').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname !== '/enrollment/dependent-information');

    await finishSteps(page, async (p) => {
      await p.getByRole('radio', { name: 'EFT' }).check();
      expect(await p.getByRole('radio', { name: '28th of month' }).isChecked()).toBe(true);
      await p.getByLabel('Routing Number').fill('123456789');
      await p.getByLabel('Account Holder Name').click();
      await p.getByText('Invalid routing number').waitFor();
      await p.getByLabel('Routing Number').fill('021000021');
      await p.getByLabel('Account Holder Name').fill('Dana Whitfield');
      await p.waitForFunction(() => (document.querySelector('input[name="bank_name"]') as HTMLInputElement)?.value === 'JPMORGAN CHASE BANK');
      await p.getByLabel('Account Number').fill('12');
      await p.getByLabel('Account Type').selectOption('checking');
      await p.getByLabel('Account Holder Type').selectOption('individual');
      await p.getByRole('button', { name: 'Next' }).click();
      await p.locator('#account_number_message').getByText(TEXT.ACCOUNT_NUMBER_LENGTH).waitFor();
      await p.getByLabel('Account Number').fill('000123456789');
    });
    await page.getByRole('heading', { name: 'Dear Dana Whitfield, Thank you' }).waitFor();
    const e = await e2e.store.db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    await page.getByText(e.confirmation_number!).waitFor();
    await page.getByText(TEXT.ENROLLMENT_RECEIPT, { exact: false }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tempId'))).toBeNull();
    const policies = await e2e.store.db.selectFrom('policies').selectAll().where('enrollment_id', '=', id).execute();
    expect(policies.map((p) => p.tier)).toEqual(['IF']);
    const deps = (e.tabs as { dependent_info: { dependents: { primary_info: { relationship: string } }[] } }).dependent_info.dependents;
    expect(deps.map((d) => d.primary_info.relationship)).toEqual(['spouse', 'child', 'child']);
    expect((e.tabs as { aggrement_info: { signature_record: unknown } }).aggrement_info.signature_record).toEqual({ method: 'drawn', typed_name: null, signed_at: expect.any(String) });
    const mail = await e2e.store.db.selectFrom('outbox').selectAll().where('enrollment_id', '=', id).where('kind', '=', 'enrollment-receipt').execute();
    expect(mail).toHaveLength(1);
    // No referral and no open type stored: an applicant goes to the member home.
    await page.getByRole('link', { name: TEXT.RETURN_TO_HOMEPAGE }).click();
    await page.waitForURL((u) => u.pathname === '/member-home');
  }, 180_000);

  it('pays by card 4242424242424242 after a declined card that loses nothing (phone width)', async () => {
    const page = await e2e.newPage({ mobile: true });
    const id = await startQuote(e2e, page, 'IO');
    await throughFirstSteps(e2e, page);
    await finishSteps(page, async (p) => {
      // The page fits the phone: the step bar scrolls sideways inside itself, the page does not.
      await p.getByRole('heading', { name: 'Billing Information' }).waitFor();
      await expect(p.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).resolves.toEqual([390, 390]);
      await expect(p.locator('.wizard-step-active').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= 0 && r.right <= window.innerWidth;
      })).resolves.toBe(true);
      await p.getByRole('radio', { name: 'Credit Card' }).check();
      await p.getByLabel('First Name on Card').fill('Dana');
      await p.getByLabel('Last Name on Card').fill('Whitfield');
      await p.getByLabel('Card Number').fill('4000000000000002');
      await p.getByLabel('Expiration Month').selectOption('12');
      await p.getByLabel('Expiration Year').selectOption(String(new Date().getFullYear() + 2));
      await p.getByLabel('Security Code').fill('123');
      await p.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS).check();
      expect(await p.getByLabel('Address 1').inputValue()).toBe('1 Main Street');
      expect(await p.getByLabel('Address 1').getAttribute('readonly')).not.toBeNull();
      await p.getByRole('button', { name: 'Next' }).click();
      await p.locator('#card_number_message').getByText('Your card was declined. Please use another card.').waitFor();
      expect(new URL(p.url()).pathname).toBe('/enrollment/billing-information');
      expect(await p.getByLabel('First Name on Card').inputValue()).toBe('Dana');
      expect(await p.getByLabel('Security Code').inputValue()).toBe('123');
      expect(await p.getByRole('textbox', { name: 'City', exact: true }).inputValue()).toBe('New York');
      await p.getByLabel('Card Number').fill('4242424242424242');
    });
    await page.getByRole('heading', { name: 'Dear Dana Whitfield, Thank you' }).waitFor();
    const e = await e2e.store.db.selectFrom('enrollments').select(['status', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    expect(JSON.stringify(e.tabs)).not.toContain('4242424242424242');
    expect((e.tabs as { payment_info: { card_number: string } }).payment_info.card_number).toBe('xxxxxxxxxxxx4242');
  }, 180_000);
});
