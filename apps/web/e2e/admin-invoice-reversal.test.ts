import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../server/src/db/seed/demo-people.ts';
import { REVERSAL_TEXT } from '@store/domain/list-bill-reversal';
import { startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { followSummaryLink, refusedSummary } from './harness-a11y.ts';

/**
 * Decision 2812: the operator reverses a group's payment (Acme's check 10452 in the demo data) from the console's
 * Invoices page on a phone: the reason is required, the authenticator code is asked for, and the invoice is owed again.
 */
describe("a group's payment reversed in the console", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ SEED_DEMO_BILLING: true });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('asks why and for the second factor, then the invoice is no longer paid, at 375 px', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/invoices'));
    const paidRow = page.getByRole('row').filter({ hasText: 'Paid in full' }).filter({ hasText: 'Acme' });
    await paidRow.getByRole('button', { name: /^Reverse a payment of invoice / }).click();
    const form = page.getByRole('form', { name: /^Reverse a payment of invoice / });
    await form.getByLabel('Payment').waitFor();
    expect(await form.getByLabel('Payment').locator('option:checked').textContent()).toMatch(/^Check 10452: \$[\d,]+\.\d\d$/);
    await form.getByRole('button', { name: 'Reverse payment' }).click();
    await followSummaryLink(
      await refusedSummary(form),
      `Why it is reversed: ${REVERSAL_TEXT.REASON}`,
      form.getByLabel('Why it is reversed'),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await form.getByLabel('Why it is reversed').fill('Check returned unpaid');
    await form.getByRole('button', { name: 'Reverse payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    const done = form.getByText(REVERSAL_TEXT.REVERSED);
    await Promise.race([dialog.waitFor(), done.waitFor()]);
    if (await dialog.isVisible()) {
      const epoch = Math.floor(Date.now() / 1000) + 30;
      await dialog.getByLabel('Authenticator code').fill(await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch }));
      await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    }
    await done.waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Paid in full' }).filter({ hasText: 'Acme' }).count()).toBe(0);
    const reversal = await e2e.store.db
      .selectFrom('invoice_payments')
      .select(['amount_cents', 'reference', 'reason'])
      .where('reverses_payment_id', 'is not', null)
      .execute();
    expect(reversal).toEqual([{ amount_cents: expect.any(Number), reference: '10452', reason: 'Check returned unpaid' }]);
    expect(reversal[0].amount_cents).toBeLessThan(0);
  });
});
