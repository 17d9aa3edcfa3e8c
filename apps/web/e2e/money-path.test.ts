import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { callApi, startE2E, type E2E } from './harness.ts';
import {
  checkedOutQuote,
  enrollmentAtBilling,
  fillCard,
  reviewAndAgreeViaApi,
  savePersonalAndContact,
  tickAuthorization,
} from './harness-enrollment.ts';

/** Issue 19, the money path: what a shopper sees from the review to the receipt. */
describe('the money path', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  /** An applicant's enrollment for Dental Essentials, personal and contact info saved; the browser holds its tempId. */
  async function atReview(page: Page) {
    await page.goto(e2e.url('/'));
    const id = await checkedOutQuote(page, e2e, { eprocess: 'applicant', type: 'new-member', open_type: 'user' }, '2099-12-01');
    await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
    await savePersonalAndContact(page, id);
    return id;
  }

  /** The same, saved through the API up to the billing step, the last (review and agreement saved; harness.ts). */
  async function atBilling(page: Page) {
    await page.goto(e2e.url('/'));
    const id = await enrollmentAtBilling(page, e2e, { eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
    return id;
  }

  it('Save & Continue Later on the billing step, the last, saves and mails a code, and enrolls nobody', async () => {
    const page = await e2e.newPage();
    const id = await atBilling(page);
    await page.goto(e2e.url('/enrollment/review-confirm'));
    await page.getByRole('heading', { name: TEXT.REVIEW_AND_CONFIRMATION }).waitFor();
    await page.getByLabel('Additional Notes').fill('Call after 5pm');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/agreement-signature');
    await page.goto(e2e.url('/enrollment/billing-information'));
    await fillCard(page);
    await tickAuthorization(page);
    await page.getByRole('button', { name: 'Save & Continue Later' }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.ALTERNATE_EMAIL_PROMPT });
    await dialog.getByRole('textbox').fill('dana.review@example.org');
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText(TEXT.INFORMATION_SAVED).waitFor();

    const e = await e2e.store.db
      .selectFrom('enrollments')
      .select(['status', 'confirmation_number', 'tabs'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(e.status).not.toBe('completed');
    expect(e.confirmation_number).toBeNull();
    expect((e.tabs as { review_info: { additional_notes: string } }).review_info.additional_notes).toBe('Call after 5pm');
    expect(await e2e.store.db.selectFrom('policies').select('policy_id').where('enrollment_id', '=', id).execute()).toEqual([]);
    const kinds = (await e2e.store.db.selectFrom('outbox').select('kind').where('enrollment_id', '=', id).execute()).map((m) => m.kind);
    expect(kinds).toContain('enrollment-code');
    expect(kinds).not.toContain('enrollment-receipt');
  }, 120_000);

  it('says what will be charged on the review, the billing step (its button too) and the receipt, which survives a reload', async () => {
    const page = await e2e.newPage();
    const id = await atReview(page);
    const cart = (await callApi(page, 'GET', `/api/v1/get-plan-cart?enrollment_id=${id}`)).body.data.summary;
    expect(cart.lines.map((l: { label: string }) => l.label)).toEqual(['Dental Essentials', 'Association membership fee']);

    // Review, then sign, then pay (decision 2530): the review shows the charges before any payment is given.
    await page.goto(e2e.url('/enrollment/review-confirm'));
    await page.getByRole('heading', { name: TEXT.REVIEW_AND_CONFIRMATION }).waitFor();
    await page.getByText(`$${cart.initial} today, then $${cart.recurring} on the 28th of each month`).waitFor();
    await reviewAndAgreeViaApi(page, id);

    await page.goto(e2e.url('/enrollment/billing-information'));
    const pay = page.getByRole('region', { name: 'What you will pay' });
    await pay.getByText(`$${cart.initial} today, then $${cart.recurring} on the 28th of each month`).waitFor();
    await pay.getByText('The first monthly charge is on 12/28/2099.').waitFor();
    await pay.getByText('Association membership fee').waitFor();
    await page.getByRole('radio', { name: '5th of month', exact: true }).check();
    await pay.getByText(`$${cart.initial} today, then $${cart.recurring} on the 5th of each month`).waitFor();
    await pay.getByText('The first monthly charge is on 12/05/2099.').waitFor();
    await fillCard(page);
    await tickAuthorization(page);
    // The last button says what it does and what it costs (decision 2531).
    await page.getByRole('button', { name: `Enroll and pay $${cart.initial} today` }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/receipt');

    const e = await e2e.store.db.selectFrom('enrollments').select(['confirmation_number']).where('id', '=', id).executeTakeFirstOrThrow();
    const receiptShows = async () => {
      await page.getByRole('heading', { name: /Thank you/ }).waitFor();
      await page.getByText(e.confirmation_number!).waitFor();
      await page.getByText('Coverage starts on 12/01/2099.').waitFor();
      await page.getByRole('list', { name: 'What you will pay' }).getByText('Dental Essentials').waitFor();
      await page.getByText(`$${cart.initial} today, then $${cart.recurring} on the 5th of each month`).waitFor();
      await page.getByText('Visa card ending 4242').waitFor();
      await page.getByRole('heading', { name: 'What happens next' }).waitFor();
      await page.getByText(`Your first payment of $${cart.initial} is taken today; the next is on 12/05/2099.`).waitFor();
      await page.getByRole('link', { name: `Download ${TEXT.ENROLLMENT_RECEIPT} (PDF)` }).waitFor();
    };
    await receiptShows();
    // The browser that enrolled can come back to it.
    await page.reload();
    await receiptShows();
    const record = await e2e.store.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    expect([record.initial_cents, record.recurring_cents, record.bill_day]).toEqual([
      Math.round(Number(cart.initial) * 100),
      Math.round(Number(cart.recurring) * 100),
      5,
    ]);
    // Another browser is told where the receipt can be seen; it sees nothing of it.
    const other = await e2e.newPage();
    await other.goto(e2e.url(`/enrollment/receipt?id=${id}`));
    await other.getByText(/can be opened in the browser that completed the enrollment/).waitFor();
    expect(await other.getByText(e.confirmation_number!).count()).toBe(0);
  }, 150_000);
});
