import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { CARD_DECLINED } from '../../server/src/modules/enrollment/payment/payment-provider.ts';
import { PERSONAL } from '../../server/test/enrollment/helpers.ts';
import { callApi, startE2E, type E2E } from './harness.ts';
import { checkedOutQuote, savePersonalAndContact, tickAuthorization, waitForConsentBoxes } from './harness-enrollment.ts';
import { axeProblems } from './harness-a11y.ts';

/** Issue 19, "the money path a shopper can trust": messages in view, answers on the review, the quote's address. */
const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);
const summaryHasFocus = (page: Page) => page.evaluate(() => !!document.activeElement?.classList.contains('error-summary'));

describe('error summary, check your answers, the contact step from the quote', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  /** An applicant's quote for zip 10001 with Dental Essentials checked out for 01/01/2027; the browser holds its tempId. */
  async function checkedOut(page: Page) {
    await page.goto(e2e.url('/'));
    const id = await checkedOutQuote(page, e2e, { eprocess: 'applicant', type: 'new-member', open_type: 'user' }, '2027-01-01');
    await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
    return id;
  }

  it('personal and contact: the summary takes the focus, its links lead to the fields; the contact step starts from the quote and offers a new quote for another state', async () => {
    const page = await e2e.newPage();
    const id = await checkedOut(page);
    await page.goto(e2e.url('/enrollment/personal-info'));
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    await page.getByLabel('Weight (lbs)').fill('150');
    await page.getByRole('button', { name: 'Next' }).click();
    const summary = page.locator('.error-summary');
    await summary.getByRole('heading', { name: TEXT.ERROR_SUMMARY_TITLE }).waitFor();
    await expect.poll(() => summaryHasFocus(page)).toBe(true);
    // The first message is the first field's, and each link names its field; the messages beside the fields stay;
    // what was typed stays.
    const links = await summary.getByRole('link').allTextContents();
    expect(links[0]).toBe(`First Name: ${TEXT.FIELD_REQUIRED}`);
    expect(links).toContain(`Last Name: ${TEXT.FIELD_REQUIRED}`);
    expect(new Set(links).size).toBe(links.length);
    await summary.getByRole('link').first().click();
    expect(await hasFocus(page.getByRole('textbox', { name: 'First Name', exact: true }))).toBe(true);
    await page.locator('#first_name_message').getByText(TEXT.FIELD_REQUIRED).waitFor();
    // A link's field lands below the header that stays at the top of the window, not under it.
    await summary.getByRole('link', { name: 'Last Name:' }).click();
    const lastName = page.getByRole('textbox', { name: 'Last Name', exact: true });
    expect(await hasFocus(lastName)).toBe(true);
    const headerBottom = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(await lastName.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom);
    expect(await page.getByLabel('Weight (lbs)').inputValue()).toBe('150');
    expect(await axeProblems(page)).toEqual([]);
    expect((await callApi(page, 'POST', '/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL })).status).toBe(200);

    await page.goto(e2e.url('/enrollment/contact-info'));
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
    const zip = page.getByRole('textbox', { name: 'Zip', exact: true });
    const city = page.getByRole('textbox', { name: 'City', exact: true });
    const state = page.getByRole('textbox', { name: 'State', exact: true });
    await expect.poll(() => zip.inputValue()).toBe('10001');
    expect(await city.inputValue()).toBe('New York');
    expect(await state.inputValue()).toBe('NY');
    expect(await state.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByText(/Your prices were quoted for/).count()).toBe(0);

    await page.getByLabel(/^Email/).fill(`quote.${Date.now()}@example.org`);
    await page.getByLabel('Contact Number').fill(`469555${String(Date.now() % 10000).padStart(4, '0')}`);
    await page.getByLabel('Street Address 1').fill('1 Elm Street');
    await page.getByLabel('Birth State').selectOption('TX');
    await page.getByLabel('Birth City').fill('Austin');
    await zip.fill('75201');
    await page.getByText('Your prices were quoted for NY. Plans and prices can differ in TX.').waitFor();
    expect(await state.inputValue()).toBe('TX');
    expect(await city.inputValue()).toBe('Dallas');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Get a new quote for 75201' }).click();
    await page.waitForURL((u) => u.pathname === '/plans');
    const e = await e2e.store.db.selectFrom('enrollments').select(['filter_info', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.filter_info).toMatchObject({ zip: '75201', state: 'TX' });
    expect((e.tabs as { contact_info: unknown }).contact_info).toMatchObject({
      zip: '75201',
      city: 'Dallas',
      state: 'TX',
      address1: '1 Elm Street',
    });
  }, 180_000);

  it('the review shows every answer with Change links that come back; an empty agreement and a declined card show the summary', async () => {
    const page = await e2e.newPage();
    const id = await checkedOut(page);
    await savePersonalAndContact(page, id);

    // Review first (decision 2530): every section's answers on the page, the effective date, prices per month, the
    // pop-ups kept.
    await page.goto(e2e.url('/enrollment/review-confirm'));
    await page.getByRole('heading', { name: TEXT.REVIEW_AND_CONFIRMATION }).waitFor();
    await page.getByText('Effective Date: 01/01/2027').waitFor();
    const cart = page.getByRole('complementary', { name: 'Cart' });
    await cart
      .getByText(/^\$\d+\.\d{2}\/month$/)
      .first()
      .waitFor();
    for (const title of ['Personal Info', 'Contact Info']) await page.getByRole('region', { name: title }).waitFor();
    const personal = page.getByRole('region', { name: 'Personal Info' });
    await personal.getByText('Whitfield').waitFor();
    await personal.getByText('xxxxx6789').waitFor();
    await page.getByRole('button', { name: 'View Details: Personal Info' }).click();
    await page.getByRole('dialog', { name: 'Personal Info' }).getByRole('button', { name: 'Close' }).click();
    expect(await axeProblems(page)).toEqual([]);

    const contact = page.getByRole('region', { name: 'Contact Info' });
    await contact.getByRole('link', { name: 'Change Street Address 1' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/contact-info');
    expect(await page.evaluate(() => localStorage.getItem('navto'))).not.toBeNull();
    await page.getByLabel('Street Address 1').fill('2 Main Street');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/review-confirm');
    await page.getByRole('region', { name: 'Contact Info' }).getByText('2 Main Street').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('navto'))).toBeNull();
    await page.getByRole('button', { name: 'Next' }).click();

    const summary = page.locator('.error-summary');
    await page.waitForURL((u) => u.pathname === '/enrollment/agreement-signature');
    await page.getByRole('checkbox', { name: 'I agree: Payment Authorization' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await summary.getByRole('heading', { name: TEXT.ERROR_SUMMARY_TITLE }).waitFor();
    await expect.poll(() => summaryHasFocus(page)).toBe(true);
    // Each link names its field: the fixed message beside each box does not say which one it is about.
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      `I agree: Application and Authorization: ${TEXT.THIS_FIELD_REQUIRED}`,
      `I agree: Electronic Signature and Records: ${TEXT.THIS_FIELD_REQUIRED}`,
      `I agree: Payment Authorization: ${TEXT.THIS_FIELD_REQUIRED}`,
      `Applicant Verification: ${TEXT.SIGNATURE_REQUIRED}`,
    ]);
    await summary.getByRole('link').nth(1).click();
    expect(await hasFocus(page.getByRole('checkbox', { name: 'I agree: Electronic Signature and Records' }))).toBe(true);
    await summary.getByRole('link', { name: TEXT.SIGNATURE_REQUIRED }).click();
    expect(await hasFocus(page.getByRole('img', { name: 'Signature pad' }))).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
    await waitForConsentBoxes(page, { authorization: true });
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await page.getByRole('group', { name: 'How do you want to sign?' }).getByRole('radio', { name: 'Type' }).check();
    await page.getByRole('textbox', { name: 'Type your full name' }).fill('Dana Whitfield');
    await page.getByRole('button', { name: 'Next' }).click();

    // Billing, the last step: a declined card shows the summary and loses nothing.
    await page.waitForURL((u) => u.pathname === '/enrollment/billing-information');
    await page.getByRole('heading', { name: 'Billing Information' }).waitFor();
    await page.getByRole('radio', { name: 'Credit Card' }).check();
    await page.getByLabel('First Name on Card').fill('Dana');
    await page.getByLabel('Last Name on Card').fill('Whitfield');
    const card = page.getByLabel('Card Number');
    await card.fill('4000000000000002');
    await page.getByLabel('Expiration Month').selectOption('12');
    await page.getByLabel('Expiration Year').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('Security Code').fill('123');
    await page.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS).check();
    await tickAuthorization(page);
    await page.getByRole('button', { name: /^Enroll/ }).click();

    await summary.getByRole('heading', { name: TEXT.ERROR_SUMMARY_TITLE }).waitFor();
    await expect.poll(() => summaryHasFocus(page)).toBe(true);
    // The summary is at the top of the step, in view.
    expect(await summary.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < window.innerHeight)).toBe(
      true,
    );
    await page.locator('#card_number_message').getByText(CARD_DECLINED).waitFor();
    await summary.getByRole('link', { name: CARD_DECLINED }).click();
    expect(await hasFocus(card)).toBe(true);
    expect(await card.inputValue()).toBe('4000000000000002');
    expect(await page.getByLabel('First Name on Card').inputValue()).toBe('Dana');
    expect(await page.getByLabel('Security Code').inputValue()).toBe('123');
    expect(await axeProblems(page)).toEqual([]);
    await card.fill('4242424242424242');
    // Another card is another authorization: accepted again.
    await tickAuthorization(page);
    await page.getByRole('button', { name: /^Enroll/ }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/receipt');
  }, 180_000);
});
