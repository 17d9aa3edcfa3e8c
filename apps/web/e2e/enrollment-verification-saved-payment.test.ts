import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { CONTACT, PERSONAL } from '../../server/test/enrollment/helpers.ts';
import { EFT, SIGNATURE } from '../../server/test/enrollment-finish/helpers.ts';
import { callApi, startE2E, type E2E } from './harness.ts';

async function signIn(e2e: E2E, page: Page, email: string, password: string) {
  await page.goto(e2e.url('/sign-in'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
}

let seq = 0;
/** A quote of this browser with Dental Essentials in the cart, personal and contact info saved; tempId stored. */
async function prepared(e2e: E2E, page: Page, eprocess: 'applicant' | 'rep' | 'group') {
  if (!page.url().startsWith(e2e.url('/'))) await page.goto(e2e.url('/'));
  const r = await callApi(page, 'POST', '/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO', is_smoker: '0', eprocess, type: 'new-member', open_type: 'user' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.data.temp_enrollment_id as string;
  await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
  const personal = await callApi(page, 'POST', '/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, enroller_code: eprocess === 'rep' ? 'AGENT100' : undefined });
  expect(personal.status, JSON.stringify(personal.body)).toBe(200);
  seq++;
  const contact = await callApi(page, 'POST', '/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT, email_address: `saved${seq}.${Date.now()}@example.org`, phone_number: `646555${String((Date.now() + seq) % 10000).padStart(4, '0')}` });
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
  await page.evaluate(([tempId, ep]) => {
    localStorage.setItem('tempId', tempId);
    localStorage.setItem('eprocess', ep);
  }, [id, eprocess]);
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
    await signIn(e2e, page, 'jordan.avery@example.com', 'Demo-Rep-2026');
    await prepared(e2e, page, 'rep');
    await page.goto(e2e.url('/enrollment/agreement-signature'));
    const block = page.getByRole('group', { name: TEXT.BROKER_VERIFICATION });
    await block.waitFor();
    await expect.poll(() => block.getByLabel('Broker Name').inputValue()).toBe('Jordan Avery');
    await expect(block.getByLabel('Broker Code').inputValue()).resolves.toBe('AGENT100');
    await expect(block.getByLabel('Broker Name').isEditable()).resolves.toBe(false);
    await expect(page.getByText(TEXT.APPLICANT_VERIFICATION).count()).resolves.toBe(0);
  });

  it('shows Group Verification with the group to its signed-in administrator', async () => {
    const page = await e2e.newPage();
    await signIn(e2e, page, 'hr@acme.example.com', 'Demo-Group-2026');
    await prepared(e2e, page, 'group');
    await page.goto(e2e.url('/enrollment/agreement-signature'));
    const block = page.getByRole('group', { name: TEXT.GROUP_VERIFICATION });
    await block.waitFor();
    await expect.poll(() => block.getByLabel('Group Name').inputValue()).toBe('Acme Manufacturing');
  });

  it("lets a returning member pay from the saved bank account: the new-entry fields lock, and New unlocks them", async () => {
    const page = await e2e.newPage();
    // A first enrollment, paid by EFT, keeps the bank account for the member.
    const first = await prepared(e2e, page, 'applicant');
    for (const [path, body] of [
      ['/api/v1/save-billing-info', { enrollment_id: first, ...EFT }],
      ['/api/v1/save-agreement-info', { enrollment_id: first, agreements: [true, true, true], signature: SIGNATURE }],
      ['/api/v1/save-review-info', { enrollment_id: first, additional_notes: '', first_enroll: 1 }],
    ] as const) {
      const r = await callApi(page, 'POST', path, body);
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    const { user_id: userId } = await e2e.store.db.selectFrom('enrollments').select('user_id').where('id', '=', first).executeTakeFirstOrThrow();
    expect(userId).not.toBeNull();

    // The same member's next enrollment.
    const second = await prepared(e2e, page, 'applicant');
    await e2e.store.db.updateTable('enrollments').set({ user_id: userId }).where('id', '=', second).execute();
    await page.goto(e2e.url('/enrollment/billing-information'));
    await page.getByRole('radio', { name: 'EFT' }).check();
    const saved = page.getByRole('radio', { name: 'JPMORGAN CHASE BANK xxxxxxxx9012' });
    await saved.check();
    await expect.poll(() => page.getByLabel('Routing Number').isDisabled()).toBe(true);
    await expect(page.getByLabel('Account Number').isDisabled()).resolves.toBe(true);
    await page.getByRole('radio', { name: 'New' }).check();
    await expect.poll(() => page.getByLabel('Routing Number').isDisabled()).toBe(false);
    await saved.check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname !== '/enrollment/billing-information');

    const row = await e2e.store.db.selectFrom('enrollments').select('tabs').where('id', '=', second).executeTakeFirstOrThrow();
    const payment = (row.tabs as Record<string, Record<string, unknown>>).payment_info;
    expect(payment).toMatchObject({ payment_method: 'eft', account_number: 'xxxxxxxx9012', routing_number: 'xxxxx0021', bank_name: 'JPMORGAN CHASE BANK' });
    expect(payment.existing_id).toEqual(expect.any(Number));
  });
});
