import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_TEXT } from '@store/domain/sign-in-link';
import { signInLinkToken } from '../../server/src/modules/auth-link/routes.ts';
import { callApi, startE2E, type E2E } from './harness.ts';

/**
 * A dashboard's one-time sign-in link asks before it signs in (decision 2330): opening it shows who it is for, and
 * only the button signs in. Another site opening the link in a visitor's browser signs nobody in.
 */
const SECRET = crypto.randomBytes(32).toString('base64url');

describe('a sign-in link from a dashboard', () => {
  let e2e: E2E;
  let repId: number;
  beforeAll(async () => {
    e2e = await startE2E({ SIGN_IN_LINK_SECRET: SECRET });
    repId = (
      await e2e.store.db.selectFrom('accounts').select('id').where('email', '=', 'jordan.avery@example.com').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows who the link is for and signs in only when the person continues', async () => {
    const page = await e2e.newPage();
    const token = signInLinkToken(SECRET, repId);
    await page.goto(e2e.url(`/api/auth/link?token=${token}&next=/agent-select-member`));
    await page.getByRole('heading', { level: 1, name: SIGN_IN_LINK_TEXT.TITLE }).waitFor();
    await page.getByText('Continue as j•••@example.com').waitFor();
    await page.getByText(SIGN_IN_LINK_TEXT.EXPLAIN).waitFor();
    // Not signed in yet: the page only asked.
    expect((await callApi(page, 'GET', '/api/auth/me')).body.data.signed_in).toBe(false);
    await page.getByRole('button', { name: SIGN_IN_LINK_TEXT.CONTINUE }).click();
    await page.waitForURL((url) => url.pathname === '/agent-select-member');
    expect((await callApi(page, 'GET', '/api/auth/me')).body.data).toMatchObject({ signed_in: true, role: 'rep' });

    // The same link again, in another browser: it says so, and offers the sign-in page.
    const other = await e2e.newPage();
    await other.goto(e2e.url(`/sign-in/link#token=${token}&next=%2F`));
    await other.getByRole('alert').getByText(SIGN_IN_LINK_TEXT.INVALID).waitFor();
    await other.getByRole('link', { name: 'Sign in' }).last().click();
    await other.waitForURL((url) => url.pathname === '/sign-in');
    expect((await callApi(other, 'GET', '/api/auth/me')).body.data.signed_in).toBe(false);
  });

  it('says why when an expired or used link is opened: the sign-in page shows it above the form', async () => {
    const page = await e2e.newPage();
    const expired = signInLinkToken(SECRET, repId, 300, Date.now() - 3_600_000);
    await page.goto(e2e.url(`/api/auth/link?token=${expired}`));
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByRole('alert').getByText(SIGN_IN_LINK_TEXT.INVALID).waitFor();
    await page.getByLabel('Email').waitFor();
  });
});
