import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { generate } from 'otplib';
import { sql } from 'kysely';
import { ADMIN_TEXT } from '@store/domain/admin';
import { SECOND_FACTOR_NEEDED_FOR_ACCOUNTS } from '@store/domain/auth';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../server/src/db/seed/demo-people.ts';
import { signIn, startE2E, type E2E } from './harness.ts';
import { openConsolePlan, signInAsOperator } from './admin-harness.ts';

const JORDAN = 'jordan.avery@example.com';

/** The operator on Jordan Avery's page, at its sign-in accounts. */
async function openJordan(e2e: E2E): Promise<Page> {
  const page = await e2e.newPage();
  await signInAsOperator(page, e2e);
  await page.getByRole('link', { name: 'Reps' }).click();
  await page.getByRole('link', { name: 'Jordan Avery' }).click();
  await page.getByRole('heading', { level: 1, name: 'Jordan Avery' }).waitFor();
  await page.getByRole('heading', { name: 'Sign-in accounts' }).waitFor();
  return page;
}

/** Every signed-in session gave its last code 6 minutes ago. */
const codeGivenLongAgo = (e2e: E2E) =>
  sql`update sessions set data = jsonb_set(data, '{second_factor_at}', to_jsonb(${Date.now() - 6 * 60_000}::bigint)) where account_id is not null`.execute(
    e2e.store.db,
  );

/** Gives the demo operator's code in the dialog until it is accepted (each 30 s step serves once) and the dialog closes. */
async function giveCode(page: Page, dialog: Locator) {
  for (let round = 0; await dialog.isVisible(); round++) {
    if (round >= 6) throw new Error('the code was not accepted');
    if (round === 2 || round === 4) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
    await dialog
      .getByLabel('Authenticator code')
      .fill(await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + (round % 2) * 30 }));
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/second-factor/check');
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    if ((await answer).status() === 200) await dialog.waitFor({ state: 'hidden' });
  }
}

/** The summary of a form's problems has the focus. */
async function summaryHasFocus(page: Page) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary') ?? false)).toBe(true);
}

describe("operator console forms: a rep's sign-in accounts and a plan's details", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('resets a password: a refused reset says so as an error and keeps what was typed, then the reset goes through', async () => {
    const page = await openJordan(e2e);
    const row = page.getByRole('form', { name: JORDAN });
    const password = row.getByLabel(`New password for ${JORDAN}`);

    // Too short: the message beside the field, and a summary naming the field takes the focus.
    await password.fill('short');
    await row.getByRole('button', { name: 'Reset password' }).click();
    await row.getByText(ADMIN_TEXT.PASSWORD_RULE).first().waitFor();
    await row.getByRole('link', { name: `New password for ${JORDAN}: ${ADMIN_TEXT.PASSWORD_RULE}` }).waitFor();
    await summaryHasFocus(page);
    expect(await password.getAttribute('aria-invalid')).toBe('true');

    // The store fails: the failure is an error (role alert), never the confirmation, and the password stays typed.
    await page.route('**/api/admin/accounts/*/password', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message: 'Something went wrong. Please try again.' }),
      }),
    );
    await password.fill('Fresh-Password-2026');
    await row.getByRole('button', { name: 'Reset password' }).click();
    await row.getByRole('alert').getByText('Something went wrong. Please try again.').waitFor();
    expect(await row.getByRole('status').count()).toBe(0);
    await summaryHasFocus(page);
    expect(await password.inputValue()).toBe('Fresh-Password-2026');

    // Once the store answers again, the reset goes through and the rep signs in with the new password.
    await page.unroute('**/api/admin/accounts/*/password');
    await row.getByRole('button', { name: 'Reset password' }).click();
    await row.getByRole('status').getByText('The password was reset. The account was signed out everywhere.').waitFor();
    expect(await row.getByRole('alert').count()).toBe(0);
    expect(await password.inputValue()).toBe('');
    const rep = await e2e.newPage();
    await signIn(rep, e2e, JORDAN, 'Fresh-Password-2026');
    await rep.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  it('refuses a second account with the same e-mail beside the field, and the summary takes the focus', async () => {
    const page = await openJordan(e2e);
    const add = page.getByRole('form', { name: 'Add a sign-in account' });
    await add.getByLabel('Account e-mail').fill(JORDAN);
    await add.getByLabel('Password').fill('Another-Password-2026');
    await add.getByRole('button', { name: 'Add account' }).click();
    await add.getByRole('link', { name: `Account e-mail: ${ADMIN_TEXT.EMAIL_TAKEN}` }).waitFor();
    await summaryHasFocus(page);
    expect(await add.getByLabel('Account e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await add.getByLabel('Account e-mail').inputValue()).toBe(JORDAN);

    // Another e-mail is added, said so, and listed with its own reset form.
    await add.getByLabel('Account e-mail').fill('jordan.assistant@example.com');
    await add.getByRole('button', { name: 'Add account' }).click();
    await add.getByRole('status').getByText('Account added.').waitFor();
    await page.getByRole('form', { name: 'jordan.assistant@example.com' }).waitFor();
    expect(await add.getByLabel('Account e-mail').inputValue()).toBe('');
  });

  it("refuses a plan's rules that are not JSON, or not rules, beside the box with a summary, keeps them, then saves", async () => {
    const page = await e2e.newPage();
    await openConsolePlan(page, e2e, 'Pet Companion');
    const form = page.getByRole('form', { name: 'Plan details' });
    const rules = form.getByLabel('Eligibility rules (JSON)');
    const before = await rules.inputValue();

    await rules.fill('{ "minAge": ');
    await form.getByRole('button', { name: 'Save plan' }).click();
    await form.getByRole('link', { name: 'Eligibility rules (JSON): Enter the rules as JSON.' }).waitFor();
    await summaryHasFocus(page);
    expect(await rules.getAttribute('aria-invalid')).toBe('true');

    // Refused by the store's schema: the place inside the rules is named beside the box, and the text stays.
    await rules.fill('{ "minAge": "eighteen" }');
    await form.getByRole('button', { name: 'Save plan' }).click();
    await form.getByRole('link', { name: /^Eligibility rules \(JSON\): minAge: / }).waitFor();
    await summaryHasFocus(page);
    expect(await rules.inputValue()).toBe('{ "minAge": "eighteen" }');
    expect(await form.getByRole('status').count()).toBe(0);

    await rules.fill(before);
    await form.getByRole('button', { name: 'Save plan' }).click();
    await form.getByRole('status').getByText('Plan saved. Texts were cleaned of anything but formatting.').waitFor();
    expect(await form.locator('.error-summary').count()).toBe(0);
  });

  it('asks for a code in a dialog before an account change when the last one is older than 5 minutes, then makes it', async () => {
    const page = await openJordan(e2e);
    await codeGivenLongAgo(e2e);
    const add = page.getByRole('form', { name: 'Add a sign-in account' });
    await add.getByLabel('Account e-mail').fill('jordan.helper@example.com');
    await add.getByLabel('Password').fill('Heron-Velvet-Anchor-62');
    await add.getByRole('button', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.getByText(SECOND_FACTOR_NEEDED_FOR_ACCOUNTS).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code');

    // Closed without a code: nothing is made, the form says so and keeps what was typed.
    await page.keyboard.press('Escape');
    await add.getByRole('alert').getByText('The change was not made: it needs a code of your authenticator app.').waitFor();
    expect(await add.getByLabel('Account e-mail').inputValue()).toBe('jordan.helper@example.com');
    expect(await add.getByLabel('Password').inputValue()).toBe('Heron-Velvet-Anchor-62');
    expect(await page.getByRole('form', { name: 'jordan.helper@example.com' }).count()).toBe(0);

    // Again: a wrong code is refused in the dialog; the right one makes the account with what was typed.
    await add.getByRole('button', { name: 'Add account' }).click();
    await dialog.getByLabel('Authenticator code').fill('000000');
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    await dialog.getByText('The code is not right.').first().waitFor();
    await giveCode(page, dialog);
    await add.getByRole('status').getByText('Account added.').waitFor();
    const helper = page.getByRole('form', { name: 'jordan.helper@example.com' });
    await helper.waitFor();

    // Within the 5 minutes no code is asked; a common password is refused beside the field, with the fixed text.
    await helper.getByLabel('New password for jordan.helper@example.com').fill('Password123!');
    await helper.getByRole('button', { name: 'Reset password' }).click();
    await helper.getByRole('link', { name: `New password for jordan.helper@example.com: ${ADMIN_TEXT.PASSWORD_COMMON}` }).waitFor();
    expect(await dialog.count()).toBe(0);

    // Deactivating after 5 minutes asks for a code too, then goes through.
    await codeGivenLongAgo(e2e);
    await helper.getByRole('button', { name: 'Deactivate account' }).click();
    await dialog.getByText(SECOND_FACTOR_NEEDED_FOR_ACCOUNTS).waitFor();
    await giveCode(page, dialog);
    await helper.getByRole('status').getByText('The account was deactivated. It was signed out everywhere.').waitFor();
    await helper.getByRole('button', { name: 'Activate account' }).waitFor();
    const row = await e2e.store.db
      .selectFrom('accounts')
      .select('active')
      .where('email', '=', 'jordan.helper@example.com')
      .executeTakeFirst();
    expect(row?.active).toBe(false);
  }, 180_000);

  it('says a refused question once, in the summary, and keeps what was typed', async () => {
    const page = await e2e.newPage();
    await openConsolePlan(page, e2e, 'Pet Companion');
    const failure = 'Something went wrong. Please try again.';
    await page.route('**/api/admin/plans/*/questions', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 'error', message: failure }) })
        : route.fallback(),
    );
    await page.getByLabel('Question').fill('Has your pet been to a vet this year?');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.locator('.error-summary').getByRole('alert').getByText(failure).waitFor();
    await summaryHasFocus(page);
    expect(await page.getByText(failure).count()).toBe(1);
    expect(await page.getByLabel('Question').inputValue()).toBe('Has your pet been to a vet this year?');
  });
});
