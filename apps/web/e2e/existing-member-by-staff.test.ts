import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { HEALTH_MARKERS, MEMBER_USER_ID, memberEnrollsAlone } from '../../server/test/security/member-data.ts';
import { callApi, signIn, startE2E, type E2E } from './harness.ts';
import { consentViaApi, fillCard, savePersonalAndContact, tickAuthorization } from './harness-enrollment.ts';

/**
 * Decision 2320 in the browser: the member's rep, enrolling the member (an existing-member enrollment), sees the health
 * questions unanswered and no saved cards to choose from, enters a new card, and after completion sees the receipt's
 * status without the card's last four or the member's documents. No error on the way.
 */
async function repEnrollsTheMember(e2e: E2E, page: Page): Promise<string> {
  await signIn(page, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026');
  const r = await callApi(page, 'POST', '/api/v1/add-filter-for-existing-user', { user_id: MEMBER_USER_ID, tier: 'IO' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.data.temp_enrollment_id as string;
  await putInCart(e2e.store, id, PLAN_IDS.criticalIllnessGuard);
  await page.evaluate((tempId) => {
    localStorage.setItem('tempId', tempId);
    localStorage.setItem('enroll_type', 'existing-member');
    localStorage.setItem('eprocess', 'rep');
  }, id);
  await savePersonalAndContact(page, id, { enroller_code: 'AGENT100' });
  return id;
}

describe("a rep enrolling an existing member sees nothing of the member's own (decision 2320)", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows unanswered health questions, no saved cards, and a receipt with the status only', async () => {
    await memberEnrollsAlone(e2e.store);
    const page = await e2e.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const id = await repEnrollsTheMember(e2e, page);
    const tabs: string[] = (await callApi(page, 'GET', `/get-dynamic-tabs?enrollment_id=${id}`)).body.data
      .filter((t: { required: boolean }) => t.required)
      .map((t: { tab_name: string }) => t.tab_name);
    if (tabs.includes('employer_info')) {
      const { EMPLOYER } = await import('../../server/test/enrollment/helpers.ts');
      expect((await callApi(page, 'POST', '/api/v1/save-employer-info', { enrollment_id: id, ...EMPLOYER })).status).toBe(200);
    }

    await page.goto(e2e.url('/enrollment/health-questions'));
    await page.getByRole('heading', { name: 'Health Questions' }).waitFor();
    const q141 = page.getByRole('group', { name: /heart disease/ });
    // Unanswered (decision 2440), the member's answers not shown to the rep: the rep answers with the member.
    await q141.getByRole('radio', { name: 'No' }).waitFor();
    expect(await q141.getByRole('radio', { name: 'No' }).isChecked()).toBe(false);
    expect(await page.getByLabel('Additional Notes').inputValue()).toBe('');
    for (const m of HEALTH_MARKERS) expect(await page.getByText(m).count(), m).toBe(0);
    for (const group of await page.locator('.health-question fieldset').all()) await group.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname !== '/enrollment/health-questions');

    // Review, then sign, then pay (decision 2530). The review shows what the rep entered.
    await page.goto(e2e.url('/enrollment/review-confirm'));
    await page.getByRole('heading', { name: TEXT.REVIEW_AND_CONFIRMATION }).waitFor();
    await page.getByRole('region', { name: 'Health Questions' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/agreement-signature');

    await consentViaApi(page, id);
    const { SIGNATURE } = await import('../../server/test/enrollment/finish/helpers.ts');
    const agreed = await callApi(page, 'POST', '/api/v1/save-agreement-info', {
      enrollment_id: id,
      agreements: [true, true, true],
      signature: SIGNATURE,
    });
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);

    await page.goto(e2e.url('/enrollment/billing-information'));
    await page.getByRole('radio', { name: 'Credit Card' }).waitFor();
    await page.getByRole('radio', { name: 'Credit Card' }).check();
    await page.getByLabel('Card Number').waitFor();
    expect(await page.getByText(/x{4,}5556/).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'New' }).count()).toBe(0);
    await fillCard(page);
    await tickAuthorization(page);
    await page.getByRole('button', { name: /^Enroll/ }).click();
    await page.waitForURL((u) => u.pathname === '/enrollment/receipt');

    await page.getByRole('heading', { name: /Thank you/ }).waitFor();
    const e = await e2e.store.db
      .selectFrom('enrollments')
      .select(['confirmation_number', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    await page.getByText(e.confirmation_number!).waitFor();
    await page.getByText('Payment method: Card').waitFor();
    expect(await page.getByText(/ending/).count()).toBe(0);
    expect(await page.getByRole('link', { name: `Download ${TEXT.ENROLLMENT_RECEIPT} (PDF)` }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /signed application/i }).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 180_000);
});
