import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@store/domain/admin';
import { SIGN_IN_FAILED } from '@store/domain/auth';
import { TEXT } from '@store/domain/texts';
import { startE2E, type E2E } from './harness.ts';
import { followSummaryLink, refusedSummary } from './harness-a11y.ts';
import { openConsolePlan, PNG, signInAsOperator, startQuote } from './admin-harness.ts';

describe('operator console', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('sends anyone but an operator to sign in, and a rep gets nothing from the admin API', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/admin/enrollments'));
    await page.getByText('Please sign in with an operator account.').waitFor();
    await page.goto(e2e.url('/sign-in'));
    // Refused (nothing typed, then a wrong password): the summary takes the focus, its links lead to the fields,
    // and the e-mail stays as typed.
    await page.getByRole('button', { name: 'Sign in' }).click();
    const empty = await refusedSummary(page);
    expect(await empty.getByRole('link').allTextContents()).toEqual([`Email: ${TEXT.FIELD_REQUIRED}`, `Password: ${TEXT.FIELD_REQUIRED}`]);
    await page.getByLabel('Email').fill('jordan.avery@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await followSummaryLink(await refusedSummary(page), SIGN_IN_FAILED, page.getByLabel('Password'));
    await page.locator('#password_message').getByText(SIGN_IN_FAILED).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('jordan.avery@example.com');
    await page.getByLabel('Password').fill('Demo-Rep-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
    const status = await page.evaluate(async () => (await fetch('/api/admin/enrollments')).status);
    expect(status).toBe(401);
    await page.goto(e2e.url('/admin'));
    await page.getByText('Please sign in with an operator account.').waitFor();
  });

  it("changes a site's banner and the landing page shows it", async () => {
    const page = await e2e.newPage();
    await signInAsOperator(page, e2e);
    await page.getByRole('link', { name: 'Sites' }).click();
    await page.getByRole('link', { name: 'localhost', exact: true }).click();
    await page.getByRole('heading', { name: 'Branding settings' }).waitFor();
    await page.getByLabel('Upload image for banner_image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    const field = page.getByLabel('banner_image', { exact: true });
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toMatch(/^\/media\/upload-.*\.png$/);
    const url = await field.inputValue();
    // The preview shows the new banner before saving.
    await expect.poll(() => page.getByTestId('landing-preview').locator('.admin-preview-hero').getAttribute('style')).toContain(url);
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('Branding saved.').waitFor();

    const shopper = await e2e.newPage();
    await shopper.goto(e2e.url('/'));
    await shopper.getByRole('heading', { level: 1, name: 'Benefit Store' }).waitFor();
    // The store serves it under its content-hashed URL (decision 2761): /media/<hash>/<id>, cached for good.
    const hashed = new RegExp(`/media/[0-9a-f]{16}/${url.slice('/media/'.length).replace(/[.]/g, '\\.')}`);
    await expect.poll(() => shopper.locator('section.hero').getAttribute('style')).toMatch(hashed);
    const served = hashed.exec((await shopper.locator('section.hero').getAttribute('style')) ?? '')![0];
    const img = await shopper.request.get(e2e.url(served));
    expect(img.headers()['content-type']).toBe('image/png');

    // A script-carrying SVG is refused with the reason beside the field.
    await page.getByLabel('Upload image for banner_image').setInputFiles({
      name: 'evil.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await page.getByText('This SVG contains scripts or external references and was refused.').waitFor();

    // A new setting with a bad key is refused beside its field, and the summary takes the focus; nothing is saved.
    await page.getByRole('button', { name: 'Add setting' }).click();
    await page.getByLabel('Key', { exact: true }).last().fill('Bad Key');
    await page.getByRole('button', { name: 'Save branding' }).click();
    const settingsSummary = page.locator('.error-summary');
    await settingsSummary.getByRole('link', { name: ADMIN_TEXT.KEY_FORMAT }).waitFor();
    await expect.poll(() => settingsSummary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Key', { exact: true }).last().getAttribute('aria-invalid')).toBe('true');
  });

  it('changes a rate and the plan page shows the new price', async () => {
    const page = await e2e.newPage();
    await openConsolePlan(page, e2e, 'Pet Companion');
    await page.getByRole('heading', { name: 'Rate table' }).waitFor();

    // A bad CSV row is refused with its row number.
    await page
      .getByLabel('CSV (tier,age_min,age_max,state,smoker,price)', { exact: true })
      .fill('tier,age_min,age_max,state,smoker,price\nIO,18,99,,,abc\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByText('Row 1: Enter a price such as 12.50.').first().waitFor();
    const csvSummary = page.locator('.error-summary');
    await expect.poll(() => csvSummary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await csvSummary.textContent()).toContain('Row 1: Enter a price such as 12.50.');

    await page
      .getByLabel('CSV (tier,age_min,age_max,state,smoker,price)', { exact: true })
      .fill('tier,age_min,age_max,state,smoker,price\nIO,18,99,,,21.50\nIS,18,99,,,35.00\nIC,18,99,,,40.00\nIF,18,99,,,55.00\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByText('Rates imported.').waitFor();

    // Change the IO price in the grid.
    const tiers = await page.getByLabel(/^Tier, row \d+$/).evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value));
    const row = tiers.indexOf('IO') + 1;
    // A bad price in the grid is refused beside its cell, and the summary takes the focus.
    await page.getByLabel(`Price, row ${row}`, { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Save rates' }).click();
    const gridSummary = page.locator('.error-summary');
    await gridSummary.getByRole('link', { name: `Row ${row}: Enter a price such as 12.50.` }).waitFor();
    await expect.poll(() => gridSummary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel(`Price, row ${row}`, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel(`Price, row ${row}`, { exact: true }).fill('27.25');
    await page.getByRole('button', { name: 'Save rates' }).click();
    await page.getByText('Rates saved.').waitFor();

    // A sample quote for a zip of four digits is refused in the summary, which leads to the zip.
    await page.getByLabel('Zip code').fill('1000');
    await page.getByRole('button', { name: 'Preview price' }).click();
    await followSummaryLink(await refusedSummary(page), 'Enter a 5-digit zip code.', page.getByLabel('Zip code'));
    await page.getByLabel('Zip code').fill('10001');
    await page.getByLabel('Date of birth').fill('01/15/1980');
    await page.getByRole('button', { name: 'Preview price' }).click();
    await page.getByText('Monthly price: $27.25 (age', { exact: false }).waitFor();

    // A shopper's new quote sees the new price on the plan page (no restart).
    const planId = Number(new URL(page.url()).pathname.split('/').pop());
    const shopper = await e2e.newPage();
    await shopper.goto(e2e.url('/'));
    await startQuote(shopper);
    await shopper.goto(e2e.url(`/plan/${planId}/Pet-Companion`));
    await shopper.locator('.price-card .price').first().waitFor();
    await expect.poll(() => shopper.locator('.price-card .price').allTextContents()).toContainEqual(expect.stringContaining('27.25'));
  });

  it('creates a plan of a carrier from the console (on a phone) and gives it a checkbox question with grouped options', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin/plans'));
    await page.getByRole('heading', { name: 'New plan' }).waitFor();
    const planId = page.getByLabel('Plan id');
    await planId.fill('101');
    await page.getByLabel('Plan name').fill('Console Dental Plus');
    // The carrier is required (its appointments decide which reps offer the plan: decision 2640).
    const carrier = page.getByLabel('Carrier');
    await page.getByRole('button', { name: 'Create plan' }).click();
    let summary = await refusedSummary(page);
    // The message names its field, so the summary's link is the message alone.
    await followSummaryLink(summary, ADMIN_TEXT.PLAN_CARRIER, carrier);
    await page.locator('#carrier_id_message').getByText(ADMIN_TEXT.PLAN_CARRIER).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await carrier.selectOption({ label: 'National Dental Carrier' });
    // An id in use is refused beside its field (the server's 422), in the summary that takes the focus, and nothing
    // is created; what was typed stays.
    await page.getByRole('button', { name: 'Create plan' }).click();
    summary = await refusedSummary(page);
    await followSummaryLink(summary, 'Plan id: This id is already used.', planId);
    await page.locator('#plan_id_message').getByText('This id is already used.').waitFor();
    expect(await planId.inputValue()).toBe('101');
    await planId.fill('abc');
    await page.getByRole('button', { name: 'Create plan' }).click();
    summary = await refusedSummary(page);
    await followSummaryLink(summary, 'Plan id: Enter a whole number from 1 up.', planId);
    await expect(page.getByLabel('Plan name').inputValue()).resolves.toBe('Console Dental Plus');

    await page.getByLabel('Plan id').fill('9901');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await page.waitForURL(/\/admin\/plans\/9901$/);
    await page.getByRole('heading', { level: 1, name: 'Console Dental Plus' }).waitFor();
    const created = await e2e.store.db
      .selectFrom('plans')
      .innerJoin('carriers', 'carriers.id', 'plans.carrier_id')
      .select(['plan_name', 'category', 'active', 'carriers.name as carrier'])
      .where('plan_id', '=', 9901)
      .executeTakeFirstOrThrow();
    expect(created).toEqual({ plan_name: 'Console Dental Plus', category: 'dental', active: false, carrier: 'National Dental Carrier' });

    await page.getByLabel('Question').fill('Which of these did you have treated in the last year?');
    await page.getByLabel('Answer type').selectOption('checkbox');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.locator('.field-error').getByText('Enter at least one option.').waitFor();
    const questionSummary = page.locator('.error-summary');
    await questionSummary.getByRole('link', { name: 'Enter at least one option.' }).waitFor();
    await expect.poll(() => questionSummary.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Options (one per line)').fill('Teeth | Cavity\nTeeth | Root canal\nGums | Gum disease');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByText('Which of these did you have treated in the last year?').waitFor();
    await page.getByText('Gums: Gum disease').waitFor();
    const question = await e2e.store.db
      .selectFrom('plan_questions')
      .select(['question_sub_type', 'options'])
      .where('plan_id', '=', 9901)
      .executeTakeFirstOrThrow();
    const options = typeof question.options === 'string' ? JSON.parse(question.options) : question.options;
    expect(question.question_sub_type).toBe('checkbox');
    expect(options).toEqual([
      { option_id: 1, option_text: 'Cavity', option_group: 'Teeth' },
      { option_id: 2, option_text: 'Root canal', option_group: 'Teeth' },
      { option_id: 3, option_text: 'Gum disease', option_group: 'Gums' },
    ]);
  });
});
