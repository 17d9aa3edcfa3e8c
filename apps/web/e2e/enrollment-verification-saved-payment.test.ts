import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { EFT } from '../../server/test/enrollment/finish/helpers.ts';
import { signIn, startE2E, type E2E } from './harness.ts';
import { newQuote, savePersonalAndContact, tickAuthorization, reviewAndAgreeViaApi, enrollViaApi } from './harness-enrollment.ts';

/** A quote of this browser with Dental Essentials in the cart, personal and contact info saved; tempId stored. */
async function prepared(e2e: E2E, page: Page, eprocess: 'applicant' | 'rep' | 'group') {
  if (!page.url().startsWith(e2e.url('/'))) await page.goto(e2e.url('/'));
  const id = await newQuote(page, { gender: '1', eprocess, type: 'new-member', open_type: 'user' });
  await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
  await savePersonalAndContact(page, id, { enroller_code: eprocess === 'rep' ? 'AGENT100' : undefined });
  await page.evaluate((ep) => localStorage.setItem('eprocess', ep), eprocess);
  return id;
}

describe('agreement verification and saved payment methods in the browser', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it("shows Broker Verification with the rep's name and code to a signed-in rep", async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026');
    await prepared(e2e, page, 'rep');
    await page.goto(e2e.url('/enrollment/agreement-signature'));
    const block = page.getByRole('group', { name: TEXT.BROKER_VERIFICATION });
    await block.waitFor();
    await expect.poll(() => block.getByLabel('Broker Name').inputValue()).toBe('Jordan Avery');
    await expect(block.getByLabel('Broker Code').inputValue()).resolves.toBe('AGENT100');
    await expect(block.getByLabel('Broker Name').isEditable()).resolves.toBe(false);
    await expect(page.getByRole('group', { name: TEXT.APPLICANT_VERIFICATION, exact: true }).count()).resolves.toBe(0);
  });

  it('shows Group Verification with the group to its signed-in administrator', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'hr@acme.example.com', 'Demo-Group-2026');
    await prepared(e2e, page, 'group');
    await page.goto(e2e.url('/enrollment/agreement-signature'));
    const block = page.getByRole('group', { name: TEXT.GROUP_VERIFICATION });
    await block.waitFor();
    await expect.poll(() => block.getByLabel('Group Name').inputValue()).toBe('Acme Manufacturing');
  });

  it('lets a returning member pay from the saved bank account: the new-entry fields lock, and New unlocks them', async () => {
    const page = await e2e.newPage();
    // The member signed in (the demo member, user 1001): saved methods are offered only in their own session (decision 2320).
    await signIn(page, e2e, 'riley.chen@example.com', 'Demo-Member-2026');
    // A first enrollment, paid by EFT, keeps the bank account for the member.
    const first = await prepared(e2e, page, 'applicant');
    await e2e.store.db.updateTable('enrollments').set({ user_id: 1001 }).where('id', '=', first).execute();
    // Review, then sign, then pay (decision 2530).
    await reviewAndAgreeViaApi(page, first);
    await enrollViaApi(page, first, EFT);
    const { user_id: userId } = await e2e.store.db
      .selectFrom('enrollments')
      .select('user_id')
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(userId).toBe(1001);

    // The same member's next enrollment.
    const second = await prepared(e2e, page, 'applicant');
    await e2e.store.db.updateTable('enrollments').set({ user_id: userId }).where('id', '=', second).execute();
    await reviewAndAgreeViaApi(page, second);
    await page.goto(e2e.url('/enrollment/billing-information'));
    await page.getByRole('radio', { name: 'EFT' }).check();
    const saved = page.getByRole('radio', { name: 'JPMORGAN CHASE BANK xxxxxxxx9012' });
    await saved.check();
    await expect.poll(() => page.getByLabel('Routing Number').isDisabled()).toBe(true);
    await expect(page.getByLabel('Account Number').isDisabled()).resolves.toBe(true);
    await page.getByRole('radio', { name: 'New' }).check();
    await expect.poll(() => page.getByLabel('Routing Number').isDisabled()).toBe(false);
    await saved.check();
    await tickAuthorization(page);
    await page.getByRole('button', { name: /^Enroll and authorize/ }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/receipt');

    const row = await e2e.store.db.selectFrom('enrollments').select('tabs').where('id', '=', second).executeTakeFirstOrThrow();
    const payment = (row.tabs as Record<string, Record<string, unknown>>).payment_info;
    expect(payment).toMatchObject({
      payment_method: 'eft',
      account_number: 'xxxxxxxx9012',
      routing_number: 'xxxxx0021',
      bank_name: 'JPMORGAN CHASE BANK',
    });
    expect(payment.existing_id).toEqual(expect.any(Number));
  });
});
