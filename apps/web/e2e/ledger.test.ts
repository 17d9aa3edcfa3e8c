import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../server/src/db/seed/demo-people.ts';
import { ledgerMember, runCards } from '../../server/test/billing/ledger-fixtures.ts';
import { collectBankPayments } from '../../server/src/modules/billing/bank-service.ts';
import { createDuePayments } from '../../server/src/modules/billing/run-service.ts';
import { secondFactorCheckedAgo } from '../../server/test/security/fixtures.ts';
import { signIn, startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { axeProblems } from './harness-a11y.ts';

/** The store's clock: the member's "today" (the billing run's day is given to it). */
let clock = new Date('2026-12-06T15:00:00Z');

/** Issue 36: the ledger as the member, the rep and the operator read it. */
describe('the ledger in the member home, the rep home and the console', () => {
  let e2e: E2E;
  let dana: Awaited<ReturnType<typeof ledgerMember>>;
  beforeAll(async () => {
    e2e = await startE2E({ now: () => clock });
    dana = await ledgerMember(e2e.store, { card: '4000000000000341' }, 'Dana');
    await runCards(e2e.store, '2026-12-05');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the member a declined recurring charge and how to fix it; a new card pays it on the next try', async () => {
    const page: Page = await e2e.newPage();
    await signIn(page, e2e, dana.email, 'Ledger-Member-2026');
    await page.goto(e2e.url('/member-home'));
    const payments = page.getByRole('region', { name: 'Payments' });
    const failed = payments.getByRole('alert').or(payments.getByRole('status')).filter({ hasText: 'A payment failed' });
    await failed.waitFor();
    for (const text of [
      '$31.99 for January 2027, due 12/05/2026: The card was declined.',
      'We will try again on 12/08/2026.',
      'Pay by 01/05/2027',
    ])
      expect(await failed.textContent()).toContain(text);
    await payments.getByText('Retrying', { exact: true }).waitFor();
    await payments.getByText('$31.99 on 01/05/2027, for February 2027').waitFor();
    await payments.getByText('No payments yet.').waitFor();
    expect(await axeProblems(page, { selector: '.mh-section' })).toEqual([]);

    // The way to fix it: the link leads to the payment method, where the member gives a new card.
    await failed.getByRole('link', { name: 'Change payment method' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#mh-payment');
    const method = page.getByRole('region', { name: 'Payment method on file' });
    await method.getByRole('button', { name: 'Change payment method' }).click();
    await method.getByLabel('Credit or debit card').check();
    await method.getByLabel('First Name on Card').fill('Dana');
    await method.getByLabel('Last Name on Card').fill('Ledger');
    await method.getByLabel('Card Number').fill('4242424242424242');
    await method.getByLabel('Security Code').fill('123');
    await method.getByLabel('Expiration month').selectOption('12');
    await method.getByLabel('Expiration year').selectOption({ index: 3 });
    await method.getByLabel('Billing Address').fill('1 Main St');
    await method.getByLabel('City').fill('Albany');
    await method.getByLabel('State').fill('NY');
    await method.getByLabel('Zip code').fill('12207');
    await method.getByRole('button', { name: 'Save' }).click();
    await method.getByText('Your payment method was saved.').waitFor();

    // The next try (day 3 after the due date) charges the new card; the member sees it paid.
    clock = new Date('2026-12-08T15:00:00Z');
    await runCards(e2e.store, '2026-12-08');
    await page.reload();
    await payments.getByRole('table', { name: 'Paid' }).getByRole('row').filter({ hasText: 'January 2027' }).getByText('$31.99').waitFor();
    await payments.getByText('Current', { exact: true }).waitFor();
    expect(await payments.textContent()).not.toContain('A payment failed');
  });

  it("shows the rep each client's payment standing", async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026');
    await page.goto(e2e.url('/agent-home'));
    const table = page.getByRole('table', { name: "Clients' payment standing" });
    const row = table.getByRole('row').filter({ hasText: 'Dana Ledger' });
    await row.getByText('Current', { exact: true }).waitFor();
    await row.getByText(dana.confirmation).waitFor();
  });

  it("finds the member's rows in the console's ledger, refunds part of the payment after a code, and refuses more than was paid", async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.getByRole('link', { name: 'Ledger' }).click();
    await page.getByRole('button', { name: 'Find' }).click();
    const summary = page.locator('.error-summary');
    await summary.getByText('Give a confirmation number, a member or a day.').waitFor();
    await page.getByLabel('Day (YYYY-MM-DD)').fill('2026-02-30');
    await page.getByLabel('Confirmation number').fill(dana.confirmation);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.locator('#date_message').getByText('Enter the day as YYYY-MM-DD.').waitFor();
    expect(await page.getByLabel('Confirmation number').inputValue()).toBe(dana.confirmation);
    await page.getByLabel('Day (YYYY-MM-DD)').fill('');
    await page.getByRole('button', { name: 'Find' }).click();
    const rows = page.getByRole('table', { name: 'Ledger rows' });
    await rows.getByRole('row').filter({ hasText: 'Payment' }).waitFor();
    const totals = page.getByRole('table', { name: 'Totals by card, EFT and list bill' });
    // Charged once, declined once, paid once: $31.99 each.
    expect((await totals.getByRole('row').filter({ hasText: 'Card' }).textContent())?.match(/\$31\.99/g)).toHaveLength(3);
    await page.getByRole('link', { name: 'Download CSV' }).waitFor();

    await rows
      .getByRole('row')
      .filter({ hasText: 'Payment' })
      .getByRole('button', { name: /Refund/ })
      .click();
    const form = page.getByRole('form', { name: /Refund payment/ });
    await form.getByLabel('Amount to refund ($)').fill('40.00');
    await form.getByLabel('Reason').fill('Goodwill');
    await form.getByRole('button', { name: 'Refund' }).click();
    await page.locator('#amount_message').getByText('A refund cannot be more than what was paid and not yet refunded.').waitFor();
    expect(await form.getByLabel('Reason').inputValue()).toBe('Goodwill');

    // Five minutes later the refund asks for a code first, then makes it.
    const sid = (await page.context().cookies()).find((c) => c.name === 'sid')!.value;
    await secondFactorCheckedAgo(e2e.store, { cookies: new Map([['sid', sid]]) } as never, 6 * 60_000);
    await form.getByLabel('Amount to refund ($)').fill('10.00');
    await form.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog
      .getByLabel('Authenticator code')
      .fill(await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    await form.getByText('The refund was made.').waitFor();
    await rows.getByRole('row').filter({ hasText: 'Goodwill' }).getByText('$10.00').waitFor();
    expect(await axeProblems(page, { selector: '.admin-content' })).toEqual([]);
    await page.getByRole('button', { name: 'Check the hash chain' }).click();
    await page.getByText(/^\d+ rows checked: the chain is intact\.$/).waitFor();
  });

  it("lists the NACHA files with their totals, each one's delivery to the bank, and the retention setting", async () => {
    // A bank debit on the same bill day: the day's NACHA file, kept in ACH_OUT_DIR for the bank (the default delivery).
    await ledgerMember(e2e.store, { bank: { routing: '011000015', account: '000123456789' } }, 'Bea');
    await createDuePayments(e2e.store.db, '2026-12-05');
    const made = await collectBankPayments(
      { db: e2e.store.db, sealer: e2e.store.app.sealer, outDir: e2e.store.app.config.ACH_OUT_DIR },
      '2026-12-05',
    );
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.getByRole('link', { name: 'ACH files' }).click();
    await page.getByText('1 files, 1 debits, $31.99 in all.').waitFor();
    const row = page.getByRole('row').filter({ hasText: made.file!.name });
    await row.getByRole('cell', { name: 'In the folder for the bank' }).waitFor();
    // Sent to the bank's SFTP server instead, and refused twice: retrying, with the last error (decision 2670).
    await e2e.store.db.updateTable('ach_settings').set({ delivery_method: 'sftp' }).execute();
    await e2e.store.db
      .updateTable('ach_files')
      .set({ delivery_attempts: 2, delivery_error: 'connect ECONNREFUSED 127.0.0.1:2222' })
      .where('id', '=', made.file!.id)
      .execute();
    await page.reload();
    await row.getByRole('cell', { name: 'Retrying (2 failed tries): connect ECONNREFUSED 127.0.0.1:2222' }).waitFor();
    await e2e.store.db
      .updateTable('ach_files')
      .set({ delivered_at: new Date('2026-12-05T12:00:00Z') })
      .where('id', '=', made.file!.id)
      .execute();
    await page.reload();
    await row.getByRole('cell', { name: /^Delivered 12\/5\/2026, 7:00:00/ }).waitFor();
    expect(await axeProblems(page, { selector: '.admin-content' })).toEqual([]);
    await e2e.store.db.updateTable('ach_settings').set({ delivery_method: 'folder' }).execute();
    const days = page.getByLabel('Keep ACH files for (days)');
    expect(await days.inputValue()).toBe('30');
    await days.fill('0');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#retention_days_message').getByText('Enter a whole number of days from 1 to 3650.').waitFor();
    await days.fill('45');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
  });
});
