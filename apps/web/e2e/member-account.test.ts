import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEMBER_ACCOUNT_TEXT as T } from '@store/domain/member-account-text';
import { ADMIN_TEXT } from '@store/domain/admin';
import { startE2E, type E2E } from './harness.ts';
import { axeProblems, refusedSummary } from './harness-a11y.ts';
import { checkedOutQuote, enrollViaApi, reviewAndAgreeViaApi, savePersonalAndContact } from './harness-enrollment.ts';

const PASSWORD = 'lantern orchard velvet 42';

/** Issue 37 item 4 (decision 2460): at the receipt a new member makes an account and lands on the member home. */
describe('a way back after buying', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ SIGN_IN_LINK_SECRET: crypto.randomBytes(32).toString('base64url') });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Dental Essentials enrolled by this page's session through the API, every step in the server's order. */
  async function completed(page: Page) {
    await page.goto(e2e.url('/'));
    const id = await checkedOutQuote(page, e2e, {});
    await savePersonalAndContact(page, id);
    // Review, then sign, then pay (decision 2530).
    await reviewAndAgreeViaApi(page, id);
    await enrollViaApi(page, id);
    const e = await e2e.store.db.selectFrom('enrollments').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    const m = await e2e.store.db.selectFrom('members').select('email').where('user_id', '=', e.user_id!).executeTakeFirstOrThrow();
    return { id, email: m.email! };
  }

  it('sets a password at the receipt, lands on the member home with the plan bought, and signs in from another browser', async () => {
    const page = await e2e.newPage({ mobile: true });
    const { id, email } = await completed(page);
    await page.goto(e2e.url(`/enrollment/receipt?id=${id}`));
    const offer = page.getByRole('region', { name: T.TITLE });
    await offer.waitFor();
    expect(await axeProblems(page)).toEqual([]);
    // A common password: the summary takes the focus, the message stands beside the field, nothing is made.
    await offer.getByLabel(T.PASSWORD).fill('password123');
    await offer.getByRole('button', { name: T.CREATE }).click();
    await refusedSummary(page);
    await offer.getByText(ADMIN_TEXT.PASSWORD_COMMON).first().waitFor();
    await offer.getByLabel(T.PASSWORD).fill(PASSWORD);
    await offer.getByRole('button', { name: T.CREATE }).click();
    await page.waitForURL((u) => u.pathname === '/member-home');
    const coverage = page.getByRole('region', { name: 'Your coverage' });
    await coverage.getByRole('heading', { name: 'Dental Essentials' }).waitFor();

    // The receipt mail's link in another browser: it offers to sign in and leads to the member home.
    const other = await e2e.newPage();
    await other.goto(e2e.url(`/enrollment/receipt?id=${id}`));
    await other.getByRole('link', { name: T.SIGN_IN_TO_SEE }).click();
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.waitForURL((u) => u.pathname === '/member-home');
    await other.getByRole('region', { name: 'Your coverage' }).getByRole('heading', { name: 'Dental Essentials' }).waitFor();
  });

  it('or mails a one-time sign-in link instead of keeping a password', async () => {
    const page = await e2e.newPage();
    const { id } = await completed(page);
    await page.goto(e2e.url(`/enrollment/receipt?id=${id}`));
    const offer = page.getByRole('region', { name: T.TITLE });
    await offer.getByRole('button', { name: T.SEND_LINK }).click();
    await offer
      .getByRole('status')
      .getByText(/^We sent a sign-in link to e•••@example\.org/)
      .waitFor();
    const mail = await e2e.store.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'member-sign-in-link')
      .where('enrollment_id', '=', id)
      .execute();
    expect(mail).toHaveLength(1);
  });
});
