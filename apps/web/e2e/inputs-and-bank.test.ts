import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { BILLING_TEXT } from '@store/domain/billing';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { startE2E, type E2E } from './harness.ts';
import { newQuote, reviewAndAgreeViaApi, savePersonalAndContact, tickAuthorization } from './harness-enrollment.ts';

/** A quote of this browser with Dental Essentials in the cart (an applicant's: billing follows contact); tempId stored. */
async function quoteInCart(e2e: E2E, page: Page) {
  await page.goto(e2e.url('/'));
  const id = await newQuote(page, { gender: '1', eprocess: 'applicant', type: 'new-member', open_type: 'user' });
  await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
  await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
  return id;
}

/** Pastes text into a field as a person does: through the clipboard and Ctrl+V. */
async function paste(page: Page, field: Locator, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.click();
  await page.keyboard.press('ControlOrMeta+V');
}

const caret = (field: Locator) => field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]);

describe('inputs that let the person type as they write, and banks the directory does not know', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('takes a pasted SSN with dashes, numbers only in weight, and a date whose digits stay put when one is deleted', async () => {
    const context = await e2e.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url('/').replace(/\/$/, '') });
    const page = await context.newPage();
    const id = await quoteInCart(e2e, page);
    await page.goto(e2e.url('/enrollment/personal-info'));
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Dana');
    await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Whitfield');

    // Letters typed into the weight do not appear; the digits do.
    const weight = page.getByLabel('Weight (lbs)');
    await weight.pressSequentially('1a5b0c');
    await expect(weight.inputValue()).resolves.toBe('150');
    await expect(weight.getAttribute('inputmode')).resolves.toBe('numeric');
    await page.getByLabel('Height (feet)').pressSequentially('5 ft');
    await expect(page.getByLabel('Height (feet)').inputValue()).resolves.toBe('5');
    await page.getByLabel('Height (inches)').fill('7');
    await page.getByLabel('Marital Status').selectOption('1');
    const ethnic = page.getByLabel('Ethnic Group');
    if (await ethnic.count()) await ethnic.selectOption({ index: 1 });

    // The SSN pasted with dashes keeps all nine digits, shown grouped.
    const ssn = page.getByLabel('Social Security Number');
    await paste(page, ssn, '123-45-6789');
    await expect.poll(() => ssn.inputValue()).toBe('123-45-6789');
    // Pasted with spaces, over the first: the same.
    await ssn.selectText();
    await paste(page, ssn, '123 45 6789');
    await expect(ssn.inputValue()).resolves.toBe('123-45-6789');

    // Dates: typed digits get their slashes; deleting a middle digit leaves the others where they were.
    await page.getByLabel('I had a carrier').check();
    await page.getByLabel('Prior Carrier Name').fill('Old Mutual');
    const effective = page.getByLabel('Prior Effective Date');
    await effective.pressSequentially('01152020');
    await expect.poll(() => effective.inputValue()).toBe('01/15/2020');
    await effective.evaluate((el: HTMLInputElement) => el.setSelectionRange(5, 5)); // after the 5 of 15
    await page.keyboard.press('Backspace');
    await expect(effective.inputValue()).resolves.toBe('01/1_/2020');
    await expect(caret(effective)).resolves.toEqual([4, 4]);
    await page.keyboard.type('6');
    await expect(effective.inputValue()).resolves.toBe('01/16/2020');
    await expect(caret(effective)).resolves.toEqual([5, 5]);
    // Month capped at 12, day at 31.
    const term = page.getByLabel('Prior Termination Date');
    await term.pressSequentially('13392024');
    await expect(term.inputValue()).resolves.toBe('12/31/2024');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/contact-info');
    const row = await e2e.store.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    const personal = (row.tabs as Record<string, Record<string, unknown>>).primary_info;
    expect(personal).toMatchObject({
      ssn: 'xxxxx6789',
      weight: '150',
      height_feet: '5',
      prior_effective_date: '01/16/2020',
      prior_term_date: '12/31/2024',
    });

    // A phone pasted as it is written keeps its ten digits.
    const phone = page.getByLabel('Contact Number');
    await paste(page, phone, '(212) 555-0100');
    await expect(phone.inputValue()).resolves.toBe('2125550100');

    // Back on the step, the saved SSN shows masked and grouped; sent back unchanged, it keeps the stored one.
    await page.goto(e2e.url('/enrollment/personal-info'));
    await expect.poll(() => page.getByLabel('Social Security Number').inputValue()).toBe('xxx-xx-6789');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/contact-info');
  });

  it('lets the person type the bank name of a valid routing number the directory does not know, and completes billing', async () => {
    const page = await e2e.newPage();
    const id = await quoteInCart(e2e, page);
    await savePersonalAndContact(page, id);
    // Review, then sign, then pay (decision 2530).
    await reviewAndAgreeViaApi(page, id);
    await page.goto(e2e.url('/enrollment/billing-information'));
    await page.getByRole('radio', { name: 'EFT' }).check();
    const routing = page.getByLabel('Routing Number');
    const bankName = page.getByLabel('Bank Name');

    // A known bank fills the name and locks it.
    await routing.fill('021000021');
    await page.getByLabel('Account Holder Name').click();
    await expect.poll(() => bankName.inputValue()).toBe('JPMORGAN CHASE BANK');
    await expect(bankName.isEditable()).resolves.toBe(false);

    // A valid routing number the directory does not know: the name field opens, empty, with a hint.
    await routing.fill('314074010');
    await page.getByLabel('Account Holder Name').click();
    await page.getByText(BILLING_TEXT.BANK_NAME_NOT_FOUND).waitFor();
    await expect(bankName.inputValue()).resolves.toBe('');
    await expect(bankName.isEditable()).resolves.toBe(true);
    await page.getByLabel('Account Holder Name').fill('Dana Whitfield');
    await page.getByLabel('Account Number').pressSequentially('0001-2345-6789');
    await expect(page.getByLabel('Account Number').inputValue()).resolves.toBe('000123456789');
    await page.getByLabel('Account Type').selectOption('checking');
    await page.getByLabel('Account Holder Type').selectOption('individual');
    await page.getByRole('button', { name: /^Enroll/ }).click();
    await page.locator('#bank_name_message').getByText('Field is required').waitFor();
    await bankName.fill('Lakeside Credit Union');
    await tickAuthorization(page);
    await page.getByRole('button', { name: /^Enroll/ }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/receipt');

    const row = await e2e.store.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
    const payment = (row.tabs as Record<string, Record<string, unknown>>).payment_info;
    expect(payment).toMatchObject({
      payment_method: 'eft',
      bank_name: 'Lakeside Credit Union',
      routing_number: 'xxxxx4010',
      account_number: 'xxxxxxxx6789',
    });
  });
});
