import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_TEXT } from '@store/domain/admin';
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
