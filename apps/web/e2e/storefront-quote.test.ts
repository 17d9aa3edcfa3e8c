import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';
import { dobYearsAgo, openWizard, trackNavigation } from './storefront-harness.ts';
import { followSummaryLink, refusedSummary } from './harness-a11y.ts';

describe('storefront: get-started wizard, quote form, filter bar', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('walks the four wizard steps with their checks and reaches /plans with a stored tempId', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const dialog = await openWizard(page);
    await dialog.getByText('Steps: 1 of 4').waitFor();
    // step 1: zip; each refusal shows the summary in the dialog, which takes the focus and leads to the field
    const zip = dialog.getByLabel('What is your zip code?');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await followSummaryLink(await refusedSummary(dialog), 'What is your zip code? Field is required', zip);
    await zip.fill('123');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await followSummaryLink(await refusedSummary(dialog), 'What is your zip code? Enter 5 digit zip code.', zip);
    await dialog.locator('#zip_message').getByText('Enter 5 digit zip code.').waitFor();
    expect(await zip.inputValue()).toBe('123');
    await zip.fill('00000');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await followSummaryLink(await refusedSummary(dialog), 'What is your zip code? Invalid Zip code', zip);
    expect(await zip.inputValue()).toBe('00000');
    await dialog.getByLabel('What is your zip code?').fill('10001');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // step 2: date of birth with automatic slashes
    await dialog.getByText('Steps: 2 of 4').waitFor();
    const dob = dialog.getByLabel('What is your date of birth?');
    await dob.pressSequentially('13450');
    await expect(dob.inputValue()).resolves.toBe('12/31/0');
    await dob.fill('');
    await dob.pressSequentially(dobYearsAgo(10).replace(/\//g, ''));
    await expect(dob.inputValue()).resolves.toBe(dobYearsAgo(10));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await followSummaryLink(await refusedSummary(dialog), 'What is your date of birth? You must be 18 years to proceed', dob);
    expect(await dob.inputValue()).toBe(dobYearsAgo(10));
    await dob.fill('');
    await dob.pressSequentially(dobYearsAgo(40).replace(/\//g, ''));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // step 3: gender; Back keeps what was typed
    await dialog.getByText('Steps: 3 of 4').waitFor();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByLabel('What is your date of birth?').inputValue()).resolves.toBe(dobYearsAgo(40));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await followSummaryLink(
      await refusedSummary(dialog),
      'What is your gender? Field is required',
      dialog.getByLabel('Male', { exact: true }),
    );
    await dialog.getByLabel('Female').check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // step 4: tier
    await dialog.getByText('Steps: 4 of 4').waitFor();
    await dialog.getByRole('group', { name: 'Who needs covered?' }).waitFor();
    await dialog.getByRole('button', { name: "Let's Go!" }).click();
    await (await refusedSummary(dialog)).getByRole('link', { name: 'Who needs covered? Field is required', exact: true }).waitFor();
    await dialog.locator('#tier_message').getByText('Field is required').waitFor();
    await dialog.getByLabel('Me & My Spouse').check();
    // the optional plan-category choice
    await dialog.getByRole('group', { name: 'Which plans interest you? (optional)' }).getByLabel('Vision', { exact: true }).check();
    const nav = trackNavigation(page);
    await dialog.getByRole('button', { name: "Let's Go!" }).click();
    await nav.reached((u) => u.pathname === '/plans');
    const tempId = await page.evaluate(() => localStorage.getItem('tempId'));
    expect(tempId).toMatch(/^[0-9a-f-]{36}$/);
    // the filter was stored on the server for this browser
    const filter = await page.evaluate(
      async (id) => (await (await fetch(`/api/v1/get-enrollment-temp-info?enrollment_id=${id}&column=filter_info`)).json()).data.result,
      tempId,
    );
    expect(filter).toMatchObject({ zip: '10001', state: 'NY', gender: '1', tier: 'IS', dob: dobYearsAgo(40) });
    await expect(page.evaluate(() => localStorage.getItem('selectedCategorykey'))).resolves.toBe('vision');
    // the filter bar shows it, and Edit opens 'Basic Details'
    // the filter bar (on the plans page) shows it, and Edit opens 'Basic Details'
    await page.goto(e2e.url('/cart'));
    const bar = page.getByRole('region', { name: 'Your basic details' });
    await bar.getByText('10001').waitFor();
    await bar.getByText('Member + Spouse').waitFor();
    await expect(bar.getByText('Smoker').count()).resolves.toBe(0);
    await bar.getByRole('button', { name: 'Edit' }).click();
    const details = page.getByRole('dialog', { name: 'Basic Details' });
    await details.getByLabel('Zip code').fill('123');
    await details.getByRole('button', { name: 'Save' }).click();
    await followSummaryLink(await refusedSummary(details), 'Enter 5 digit zip code.', details.getByLabel('Zip code'));
    expect(await details.getByLabel('Zip code').inputValue()).toBe('123');
    await details.getByLabel('Zip code').fill('75201');
    await details.getByLabel('Tobacco use').selectOption('0');
    await details.getByRole('button', { name: 'Save' }).click();
    await details.waitFor({ state: 'detached' });
    await bar.getByText('75201').waitFor();
    await bar.getByText('Smoker').waitFor();
    // the same tempId was changed, not replaced
    await expect(page.evaluate(() => localStorage.getItem('tempId'))).resolves.toBe(tempId);
  });

  it('shows the banner form messages and submits it', async () => {
    const page = await e2e.newPage({ mobile: true });
    await page.goto(e2e.url('/'));
    const form = page.getByRole('form', { name: 'Get a quote' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Field is required').first().waitFor();
    await expect.poll(() => form.getByText('Field is required').count()).toBe(4);
    await form.getByLabel('Zip code').fill('1234');
    await form.getByLabel('Date of birth').pressSequentially(dobYearsAgo(17).replace(/\//g, ''));
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Invalid Zip code').waitFor();
    await form.getByText('You must be 18 years to proceed').waitFor();
    await form.getByLabel('Zip code').fill('90210');
    await form.getByLabel('Date of birth').fill('');
    await form.getByLabel('Date of birth').pressSequentially(dobYearsAgo(30).replace(/\//g, ''));
    await form.getByLabel('Gender').selectOption('0');
    await form.getByLabel('Tier').selectOption('IO');
    const nav = trackNavigation(page);
    await form.getByRole('button', { name: 'Submit' }).click();
    await nav.reached((u) => u.pathname === '/plans');
    const tempId = await page.evaluate(() => localStorage.getItem('tempId'));
    expect(tempId).toMatch(/^[0-9a-f-]{36}$/);
    // the cart icon counts what the cart holds (a plan put there directly, as the cart would)
    const rate = await e2e.store.db
      .selectFrom('plan_rates')
      .select(['plan_pricing_id', 'price_cents'])
      .where('plan_id', '=', 101)
      .where('tier', '=', 'IO')
      .executeTakeFirstOrThrow();
    await e2e.store.db
      .insertInto('cart_items')
      .values({
        enrollment_id: tempId!,
        plan_id: 101,
        plan_pricing_id: rate.plan_pricing_id,
        price_cents: rate.price_cents,
        parent_plan_id: null,
      })
      .execute();
    // no horizontal scrolling at 390px
    await page.goto(e2e.url('/'));
    await page.getByRole('heading', { name: 'Featured Plans' }).waitFor();
    await page.getByRole('link', { name: 'Cart, 1 items' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('jumps back to the step of a field the server refuses at the end', async () => {
    const page = await e2e.newPage();
    // the server refuses the date of birth when the filter is stored (e.g. the day changed meanwhile)
    await page.route('**/api/v1/add-filter-for-new-user', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'error',
          message: 'You must be 18 years to proceed',
          data: [{ target_element: 'dob', error_message: 'You must be 18 years to proceed' }],
        }),
      }),
    );
    await page.goto(e2e.url('/'));
    const dialog = await openWizard(page);
    await dialog.getByLabel('What is your zip code?').fill('10001');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('What is your date of birth?').pressSequentially(dobYearsAgo(30).replace(/\//g, ''));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Male', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Me', { exact: true }).check();
    await dialog.getByRole('button', { name: "Let's Go!" }).click();
    await dialog.getByText('Steps: 2 of 4').waitFor();
    // The summary takes the focus on the step it jumped back to (not the field's own autofocus); the date stays.
    const dob = dialog.getByLabel('What is your date of birth?');
    await followSummaryLink(await refusedSummary(dialog), 'What is your date of birth? You must be 18 years to proceed', dob);
    expect(await dob.inputValue()).toBe(dobYearsAgo(30));
    await expect(page.evaluate(() => localStorage.getItem('tempId'))).resolves.toBeNull();
  });

  it("asks 'Please fill the both fields.' on the dental host's quick-start slide, then carries gender and tobacco use", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/', 'dental.localhost'));
    const quick = page.getByRole('form', { name: 'Quick start' });
    await quick.getByLabel('Gender').selectOption('1');
    await quick.getByRole('button', { name: 'Continue' }).click();
    await quick.getByText('Please fill the both fields.').waitFor();
    await quick.getByLabel('Tobacco use').selectOption('0');
    await quick.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get Started' });
    await dialog.getByLabel('What is your zip code?').fill('75201');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('What is your date of birth?').pressSequentially(dobYearsAgo(50).replace(/\//g, ''));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => dialog.getByLabel('Female').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Me', { exact: true }).check();
    await dialog.getByRole('button', { name: "Let's Go!" }).click();
    await dialog.waitFor({ state: 'detached' });
    const tempId = await page.evaluate(() => localStorage.getItem('tempId'));
    const filter = await page.evaluate(
      async (id) => (await (await fetch(`/api/v1/get-enrollment-temp-info?enrollment_id=${id}&column=filter_info`)).json()).data.result,
      tempId,
    );
    expect(filter).toMatchObject({ zip: '75201', state: 'TX', gender: '1', tier: 'IO', is_smoker: '0' });
  });
});
