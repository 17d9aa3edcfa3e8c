import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { callApi, holdAnswers, startE2E, type E2E } from './harness.ts';
import { newQuote, savePersonalAndContact } from './harness-enrollment.ts';

/**
 * A zip's state is looked up while the person goes on: a Next pressed before the answer waits for it. CI saw the
 * step refused for the empty state, then the answer clear that refusal, and the person left on the step with no
 * message and nothing saved.
 */
describe('the contact step: Next while the zip is being looked up', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('waits for the zip to give its state, then saves and opens the next step', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await newQuote(page, { eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await savePersonalAndContact(page, id);
    await page.goto(e2e.url('/enrollment/contact-info'));
    const zip = page.getByRole('textbox', { name: 'Zip', exact: true });
    const state = page.getByRole('textbox', { name: 'State', exact: true });
    await expect.poll(() => zip.inputValue()).toBe('10001');

    const release = await holdAnswers(page, '**/api/v1/get-zip-info?*');
    await zip.fill('');
    await expect.poll(() => state.inputValue()).toBe('');
    await zip.fill('10001');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForTimeout(300);
    release();

    // The next step of a dental plan's enrollment is the review (decision 2530).
    await page.waitForURL((u) => u.pathname === '/enrollment/review-confirm');
    await page.getByRole('heading', { name: 'Review & Confirmation' }).waitFor();
    // What the step saved holds the zip's state.
    const saved = await callApi(page, 'GET', `/api/v1/get-enrollment-temp-info?enrollment_id=${id}&column=contact_info`);
    expect(saved.body.data.result).toMatchObject({ zip: '10001', state: 'NY' });
  });
});
