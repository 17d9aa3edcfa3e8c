import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_LINK_INVALID } from '@store/domain/payment-change';
import { issueChangeLink } from '../../server/src/modules/billing/failure-notice.ts';
import { ledgerMember } from '../../server/test/billing/ledger-fixtures.ts';
import { startE2E, type E2E } from './harness.ts';
import { axeProblems, refusedSummary } from './harness-a11y.ts';

/**
 * Issue 36: a failed payment's mail gives a payer without an account a one-time link to the change-payment form alone.
 * The page shows whose payment it is, refuses bad input beside its field, saves a new card once, and then says the
 * link was used.
 */
describe('the change-payment link of a failed payment', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('takes a new card once, with errors beside the fields, at 375 px', async () => {
    const db = e2e.store.db;
    // A member paying by card, sent a link as a failed payment's mail would.
    const quinn = await ledgerMember(e2e.store, { card: '4000000000009995' }, 'Quinn');
    const { token } = await issueChangeLink(db, e2e.store.app.sealer, { userId: quinn.userId, enrollmentId: quinn.id }, new Date());

    const page = await e2e.newPage({ mobile: true, width: 375 });
    await page.goto(e2e.url(`/change-payment/${token}`));
    await page.getByRole('heading', { level: 1, name: 'Change your payment method' }).waitFor();
    await page.getByText('Hello Quinn. Your last premium payment did not go through. Give a card or bank account to pay with.').waitFor();
    await page.getByText(/This link works once, until \d\d\/\d\d\/\d{4}\./).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Nothing given: the summary takes focus and each field says what it needs.
    await page.getByLabel('Credit or debit card').check();
    await page.getByRole('button', { name: 'Save' }).click();
    const summary = await refusedSummary(page);
    expect(await summary.getByRole('link').count()).toBeGreaterThan(3);

    await page.getByLabel('First Name on Card').fill('Quinn');
    await page.getByLabel('Last Name on Card').fill('Foster');
    await page.getByLabel('Card Number').fill('4242424242424242');
    await page.getByLabel('Security Code').fill('123');
    await page.getByLabel('Expiration month').selectOption('12');
    await page.getByLabel('Expiration year').selectOption({ index: 3 });
    await page.getByLabel('Billing Address').fill('1 Main St');
    await page.getByLabel('City').fill('Albany');
    await page.getByLabel('State').fill('NY');
    await page.getByLabel('Zip code').fill('12207');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your payment method was saved. The next try of your payment uses it.').waitFor();
    expect(await axeProblems(page)).toEqual([]);

    // The new card is the member's newest method, kept masked; the link is used up.
    const methods = await db
      .selectFrom('member_payment_methods')
      .selectAll()
      .where('user_id', '=', quinn.userId)
      .orderBy('id', 'desc')
      .execute();
    expect(JSON.stringify(methods[0])).toContain('4242');
    expect(JSON.stringify(methods)).not.toContain('4242424242424242');
    await page.reload();
    await page.getByText(PAYMENT_LINK_INVALID).waitFor();
    await page.getByRole('link', { name: 'Sign in to change it in your member home.' }).waitFor();
  });
});
