import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';
import { followSummaryLink, refusedSummary } from './harness-a11y.ts';
// the storefront tables' types
import type {} from '../../server/src/modules/storefront/repository.ts';

describe('storefront: access codes, referrals, hosts, sign-up, networks, app links', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('completes the rep access-code flow for AGENT100 to /jordan-avery', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'Access Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Access Code' });
    const code = dialog.getByLabel('Access Code');
    // Refused: the summary in the dialog takes the focus, its link leads to the field; the message stays beside it.
    await dialog.getByRole('button', { name: 'Submit' }).click();
    let summary = await refusedSummary(dialog);
    await followSummaryLink(summary, 'Access Code: Field is required', code);
    await dialog.locator('.field-error').getByText('Field is required').waitFor();
    await code.fill('NOSUCH1');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    summary = await refusedSummary(dialog);
    await followSummaryLink(summary, 'Access Code: No rep was found with this code.', code);
    expect(await code.inputValue()).toBe('NOSUCH1');
    await dialog.getByLabel('Access Code').fill('AGENT100');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Jordan Avery').waitFor();
    await dialog.getByText('AGENT100').waitFor();
    await dialog.getByText('jordan.avery@example.com').waitFor();
    await dialog.getByText('(555) 010-0100').waitFor();
    // No resets and closes
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Access Code' }).click();
    await expect(dialog.getByLabel('Access Code').inputValue()).resolves.toBe('');
    await dialog.getByLabel('Access Code').fill('AGENT100');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(e2e.url('/jordan-avery'));
    await page.getByRole('heading', { level: 1, name: 'Jordan Avery' }).waitFor();
    // the About modal shows the rep's bio
    await page.getByRole('button', { name: 'About' }).click();
    await page.getByRole('dialog').getByText('Jordan Avery has helped families').waitFor();
  });

  it('sends a code without landing url to the config-error page (NOLAND01 group, AGENT200 rep)', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'Employee Enrollment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Employee Enrollment' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await (await refusedSummary(dialog)).getByRole('link', { name: 'Group Code: Field is required', exact: true }).waitFor();
    await dialog.getByLabel('Group Code').fill('NOLAND01');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Is this your company?').waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(e2e.url('/landing-config-error/Group'));
    await page.getByRole('heading', { name: 'OOPS! Landing url is not configured for this Group' }).waitFor();

    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'Access Code' }).click();
    const rep = page.getByRole('dialog', { name: 'Access Code' });
    await rep.getByLabel('Access Code').fill('AGENT200');
    await rep.getByRole('button', { name: 'Submit' }).click();
    await rep.getByText('Casey Morgan').waitFor();
    await rep.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(e2e.url('/landing-config-error/Agent'));
  });

  it("shows 'Referred By' for REF100 and not for REFBAD", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/referrals?rid=REF100'));
    await page.getByText('Referred By').waitFor();
    await page.getByText('Jordan Avery').first().waitFor();
    await expect(page.evaluate(() => localStorage.getItem('referral'))).resolves.toBe('REF100');
    // the quote of a referral visitor carries the referral
    const form = page.getByRole('form', { name: 'Get a quote' });
    await form.getByLabel('Zip code').fill('10001');
    await form.getByLabel('Date of birth').pressSequentially(`0101${new Date().getFullYear() - 35}`);
    await form.getByLabel('Gender').selectOption('1');
    await form.getByLabel('Tier').selectOption('IF');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction(() => !!localStorage.getItem('tempId'));
    const tempId = await page.evaluate(() => localStorage.getItem('tempId'));
    const row = await e2e.store.db
      .selectFrom('enrollments')
      .select(['referral', 'agent_id'])
      .where('id', '=', tempId!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ referral: 'REF100', agent_id: 20001 });
    const bad = await e2e.newPage();
    await bad.goto(e2e.url('/referrals?rid=REFBAD'));
    await bad.getByRole('form', { name: 'Get a quote' }).waitFor();
    await bad.waitForFunction(() => localStorage.getItem('r_valid') === 'false');
    await expect(bad.getByText('Referred By').count()).resolves.toBe(0);
  });

  it('hides About and the launcher on the dental host; the partner host shows the launcher', async () => {
    const dental = await e2e.newPage();
    await dental.goto(e2e.url('/jordan-avery', 'dental.localhost'));
    await dental.getByRole('heading', { level: 1, name: 'Jordan Avery' }).waitFor();
    await dental.getByRole('button', { name: 'FIND A PLAN', exact: true }).waitFor();
    await expect(dental.getByRole('button', { name: 'About' }).count()).resolves.toBe(0);
    await expect(dental.getByRole('button', { name: 'Apps' }).count()).resolves.toBe(0);
    const main = await e2e.newPage();
    await main.goto(e2e.url('/jordan-avery'));
    await main.getByRole('button', { name: 'About' }).waitFor();
    await expect(main.getByRole('button', { name: 'Apps' }).count()).resolves.toBe(0);
    const partner = await e2e.newPage();
    await partner.goto(e2e.url('/', 'partner.localhost'));
    await partner.getByRole('button', { name: 'Apps' }).click();
    await partner.getByRole('link', { name: 'Rep Dashboard' }).waitFor();
    await partner.getByRole('link', { name: 'Rep Registration' }).waitFor();
  });

  it('validates the rep Sign Up query, resets it on open and stores it', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    let summary = await refusedSummary(dialog);
    expect(await summary.getByRole('link').allTextContents()).toEqual(
      ['Name', 'State', 'Phone', 'Email'].map((field) => `${field}: Field is required`),
    );
    await expect.poll(() => dialog.locator('.field-error').getByText('Field is required').count()).toBe(4);
    await dialog.getByLabel('Name').fill('Bad<Name>');
    await dialog.getByLabel('Phone').fill('12345');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    // Refused again: the summary takes the focus again, each link leads to its field (a message that names its field
    // is not prefixed with the name), and what was typed stays.
    summary = await refusedSummary(dialog);
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'Enter valid name',
      'State: Field is required',
      'Invalid phone number',
      'Enter valid email address',
    ]);
    await followSummaryLink(summary, 'Invalid phone number', dialog.getByLabel('Phone'));
    await followSummaryLink(summary, 'Enter valid email address', dialog.getByLabel('Email'));
    await dialog.locator('#phone_message').getByText('Invalid phone number').waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Bad<Name>');
    expect(await dialog.getByLabel('Phone').inputValue()).toBe('12345');
    await expect(dialog.getByLabel('Phone').getAttribute('maxlength')).resolves.toBe('10');
    // reset on open
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('');
    await expect(dialog.getByText('Enter valid name').count()).resolves.toBe(0);
    await dialog.getByLabel('Name').fill('Pat Lee');
    await dialog.getByLabel('State').selectOption('NY');
    await dialog.getByLabel('Phone').fill('2125550123');
    await dialog.getByLabel('Email').fill('pat.lee@example.com');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Thank you! Our team will reach out to you soon.').waitFor();
    const rows = await e2e.store.db
      .selectFrom('storefront_signup_queries')
      .selectAll()
      .where('email', '=', 'pat.lee@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lists 4 dental and 2 vision networks with Provider Search links opening in a new tab', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/provider-list'));
    const dental = page.getByRole('region', { name: 'Dental networks' });
    const vision = page.getByRole('region', { name: 'Vision networks' });
    await dental
      .getByRole('link', { name: /Provider Search/ })
      .first()
      .waitFor();
    await vision
      .getByRole('link', { name: /Provider Search/ })
      .first()
      .waitFor();
    await expect.poll(() => dental.getByRole('link', { name: /Provider Search/ }).count()).toBe(4);
    await expect.poll(() => vision.getByRole('link', { name: /Provider Search/ }).count()).toBe(2);
    await expect.poll(() => dental.getByRole('img').count()).toBe(4);
    await expect(
      dental
        .getByRole('link', { name: /Provider Search/ })
        .first()
        .getAttribute('target'),
    ).resolves.toBe('_blank');
    await page.goto(e2e.url('/'));
    await expect(page.getByRole('link', { name: 'Find a dentist or eye doctor near you' }).getAttribute('target')).resolves.toBe('_blank');
  });

  it('hides the Android app link on Apple devices', async () => {
    const iphone = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const page = await iphone.newPage();
    await page.goto(e2e.url('/'));
    await page.getByRole('link', { name: 'Download on the App Store' }).waitFor();
    await expect(page.getByRole('link', { name: 'Get it on Google Play' }).count()).resolves.toBe(0);
    await iphone.close();
    const other = await e2e.newPage();
    await other.goto(e2e.url('/'));
    await other.getByRole('link', { name: 'Get it on Google Play' }).waitFor();
    // the support ticket link comes with index.html (as get-ticket-link gives it, decision 2760)
    await other.locator('a[href^="mailto:"]', { hasText: 'Submit a support ticket' }).waitFor();
  });
});
