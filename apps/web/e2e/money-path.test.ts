import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { enrollmentAtReview, startE2E, type E2E } from './harness.ts';

/** Issue 19, the money path: what a shopper sees from the review to the receipt. */
describe('the money path', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  /** An applicant's enrollment for Dental Essentials saved through the API up to the review; the browser holds its tempId. */
  async function atReview(page: Page) {
    await page.goto(e2e.url('/'));
    const id = await enrollmentAtReview(page, e2e, { eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
    return id;
  }

  it('Save & Continue Later on Review & Confirmation saves and mails a code, and enrolls nobody', async () => {
    const page = await e2e.newPage();
    const id = await atReview(page);
    await page.goto(e2e.url('/enrollment/review-confirm'));
    await page.getByRole('heading', { name: TEXT.REVIEW_AND_CONFIRMATION }).waitFor();
    await page.getByLabel('Additional Notes').fill('Call after 5pm');
    await page.getByRole('button', { name: 'Save & Continue Later' }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.ALTERNATE_EMAIL_PROMPT });
    await dialog.getByRole('textbox').fill('dana.review@example.org');
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText(TEXT.INFORMATION_SAVED).waitFor();

    const e = await e2e.store.db.selectFrom('enrollments').select(['status', 'confirmation_number', 'tabs']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).not.toBe('completed');
    expect(e.confirmation_number).toBeNull();
    expect((e.tabs as { review_info: { additional_notes: string } }).review_info.additional_notes).toBe('Call after 5pm');
    expect(await e2e.store.db.selectFrom('policies').select('policy_id').where('enrollment_id', '=', id).execute()).toEqual([]);
    const kinds = (await e2e.store.db.selectFrom('outbox').select('kind').where('enrollment_id', '=', id).execute()).map((m) => m.kind);
    expect(kinds).toContain('enrollment-code');
    expect(kinds).not.toContain('enrollment-receipt');
  }, 120_000);
});
