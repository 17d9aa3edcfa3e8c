import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstDebitBy } from '@store/domain/billing-schedule';
import type { Page } from 'playwright-core';
import { AUTHORIZATION_REQUIRED } from '@store/domain/consent';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
// The consent tables' types (declared beside their SQL).
import type {} from '../../server/src/modules/consent/repository.ts';
import { callApi, startE2E, type E2E } from './harness.ts';
import { CONSENT_BOXES, newQuote, reviewAndAgreeViaApi, savePersonalAndContact } from './harness-enrollment.ts';
import { axeProblems } from './harness-a11y.ts';

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

async function atBilling(e2e: E2E, page: Page) {
  await page.goto(e2e.url('/'));
  const id = await newQuote(page, { gender: '1', eprocess: 'applicant', type: 'new-member', open_type: 'user' });
  await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
  await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
  await savePersonalAndContact(page, id);
  // Review, then sign, then pay (decision 2530).
  await reviewAndAgreeViaApi(page, id);
  await page.goto(e2e.url('/enrollment/billing-information'));
  await page.getByRole('heading', { name: 'Billing Information' }).waitFor();
  return id;
}

describe('the payment authorization on the billing step (issue 22)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('names the payer, the bank and masked account, the first debit and its date, the monthly day and the revocation; required', async () => {
    const page = await e2e.newPage();
    const id = await atBilling(e2e, page);
    const cart = (await callApi(page, 'GET', `/api/v1/get-plan-cart?enrollment_id=${id}`)).body.data.summary;
    await page.getByRole('radio', { name: 'EFT' }).check();
    await page.getByRole('radio', { name: '5th of month', exact: true }).check();
    await page.getByLabel('Routing Number').fill('021000021');
    await page.getByLabel('Account Holder Name').click();
    await expect.poll(() => page.getByLabel('Bank Name').inputValue()).toBe('JPMORGAN CHASE BANK');
    await page.getByLabel('Account Holder Name').fill('Dana Whitfield');
    await page.getByLabel('Account Number').fill('123456789012');
    await page.getByLabel('Account Type').selectOption('checking');
    await page.getByLabel('Account Holder Type').selectOption('individual');

    const region = page.getByRole('region', { name: 'Payment authorization' });
    await region
      .getByText(
        'Debit authorization (ACH, WEB). I, Dana Whitfield, authorize Benefit Store to debit my account at JPMORGAN CHASE BANK (xxxxxxxx9012).',
      )
      .waitFor();
    await region.getByText(`First debit: $${cart.initial}, by ${us(firstDebitBy(cart.first_charge_on))}.`, { exact: false }).waitFor();
    await region.getByText(`Then $${cart.recurring} on day 5 of each month, starting`, { exact: false }).waitFor();
    await region.getByText('I may revoke this authorization at any time', { exact: false }).waitFor();
    await region.getByText('at least 3 business days before a debit', { exact: false }).waitFor();
    expect(await region.textContent()).not.toContain('123456789012');

    // Unticked: the summary takes the focus, the message stands beside the box, nothing is saved.
    await page.getByRole('button', { name: /^Enroll/ }).click();
    const summary = page.locator('.error-summary');
    await summary.getByRole('heading', { name: TEXT.ERROR_SUMMARY_TITLE }).waitFor();
    await page.locator('#payment_authorization_message').getByText(AUTHORIZATION_REQUIRED).waitFor();
    const box = page.getByRole('checkbox', { name: CONSENT_BOXES.authorization });
    await summary.getByRole('link', { name: AUTHORIZATION_REQUIRED }).click();
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/enrollment/billing-information');
    const tabs = async () =>
      ((await e2e.store.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow()).tabs ?? {}) as Record<
        string,
        unknown
      >;
    expect((await tabs()).payment_info).toBeUndefined();
    expect(await axeProblems(page)).toEqual([]);

    // Ticked: saved with the payment (and enrolled), the words kept and in the trail, a copy queued for the payer.
    await box.check();
    await page.getByRole('button', { name: `Enroll and authorize the $${cart.initial} debit` }).click();
    await page.waitForURL((u) => u.pathname !== '/enrollment/billing-information');
    const kept = await e2e.store.db
      .selectFrom('payment_authorizations')
      .selectAll()
      .where('enrollment_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept.text).toContain(`First debit: $${cart.initial}, by ${us(firstDebitBy(cart.first_charge_on))}.`);
    expect(kept.text).toContain('on day 5 of each month');
    const event = await e2e.store.db
      .selectFrom('enrollment_events')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('event_type', '=', 'payment_authorized')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(event.detail)).toContain(kept.text_sha256);
    const mail = await e2e.store.db
      .selectFrom('outbox')
      .select('id')
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'payment-authorization')
      .execute();
    expect(mail).toHaveLength(1);
  });

  it("shows the card's own authorization, which a changed card asks to accept again", async () => {
    const page = await e2e.newPage();
    await atBilling(e2e, page);
    await page.getByRole('radio', { name: 'Credit Card' }).check();
    await page.getByLabel('First Name on Card').fill('Dana');
    await page.getByLabel('Last Name on Card').fill('Whitfield');
    await page.getByLabel('Card Number').fill('4242424242424242');
    const region = page.getByRole('region', { name: 'Payment authorization' });
    await region.getByText('Card authorization. I, Dana Whitfield, authorize Benefit Store to charge my Visa card ending 4242.').waitFor();
    const box = page.getByRole('checkbox', { name: CONSENT_BOXES.authorization });
    await box.check();
    await page.getByLabel('Card Number').fill('5555555555554444');
    await region.getByText('charge my Mastercard card ending 4444', { exact: false }).waitFor();
    await expect.poll(() => box.isChecked()).toBe(false);
  });
});
