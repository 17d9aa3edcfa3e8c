import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness.ts';
// the storefront tables' types
import type {} from '../../server/src/modules/storefront/repository.ts';

async function signIn(page: Page, e2e: E2E, email: string, password: string, next: string) {
  await page.goto(e2e.url(`/sign-in?next=${encodeURIComponent(next)}`));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('storefront: access codes, referrals, hosts, homes, help', () => {
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
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Field is required').waitFor();
    await dialog.getByLabel('Access Code').fill('NOSUCH1');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('No rep was found with this code.').waitFor();
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
    await dialog.getByText('Field is required').waitFor();
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
    await dialog.getByText('Field is required').first().waitFor();
    await expect.poll(() => dialog.getByText('Field is required').count()).toBe(4);
    await dialog.getByLabel('Name').fill('Bad<Name>');
    await dialog.getByLabel('Phone').fill('12345');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Enter valid name').waitFor();
    await dialog.getByText('Invalid phone number').waitFor();
    await dialog.getByText('Enter valid email address').waitFor();
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

  it('runs the help widget chat with editable answers and the 24-hour message', async () => {
    const page = await e2e.newPage({ mobile: true });
    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'We are here to help you' });
    await panel.getByRole('link', { name: 'Contact Support' }).waitFor();
    await panel.getByRole('link', { name: 'Give Us Your Feedback' }).waitFor();
    await panel.getByRole('button', { name: 'Contact Rep' }).click();
    await panel.getByText('What is your name?').waitFor();
    await panel.getByRole('button', { name: 'Send' }).click();
    const error = panel.getByText('Field is required');
    await error.waitFor();
    await error.waitFor({ state: 'detached', timeout: 7000 });
    await panel.getByLabel('Your answer').fill('Sam');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByText('What is your e-mail address?').waitFor();
    await panel.getByRole('button', { name: 'Edit answer to What is your name?' }).click();
    await expect(panel.getByLabel('Your answer').inputValue()).resolves.toBe('Sam');
    await panel.getByLabel('Your answer').fill('Samantha');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByText('Samantha').waitFor();
    for (const answer of ['sam@example.com', '2125550100', 'dental', 'mornings']) {
      await panel.getByLabel('Your answer').fill(answer);
      await panel.getByRole('button', { name: 'Send' }).click();
      // the answer shows among the answers (not merely in a question that happens to name it) once it is saved
      await panel.locator('.chat-a').filter({ hasText: answer }).first().waitFor();
    }
    await panel.getByText('Thank you! Please allow 24 hours for a rep to reach out to you.').waitFor();
    const maxHeight = await panel.locator('.chat-panel').evaluate((el) => getComputedStyle(el).maxHeight);
    expect(maxHeight).toBe('400px');
    await panel.getByRole('button', { name: 'Back' }).click();
    await panel.getByRole('button', { name: 'Contact Rep' }).waitFor();
  });

  it("asks for location with Allow and Don't Allow; Allow records the device", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const banner = page.getByRole('region', { name: 'Location' });
    await banner.getByRole('button', { name: "Don't Allow" }).waitFor();
    await banner.getByRole('button', { name: 'Allow', exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    const device = await page.evaluate(() => localStorage.getItem('deviceId'));
    expect(device).toBeTruthy();
    const lead = await e2e.store.db.selectFrom('storefront_leads').selectAll().where('device_id', '=', device!).execute();
    expect(lead).toHaveLength(1);
    // a new tab of the same browser: the device is known, no banner
    const again = await page.context().newPage();
    await again.goto(e2e.url('/'));
    await again.getByRole('heading', { name: 'Featured Plans' }).waitFor();
    await again.waitForTimeout(500);
    await expect(again.getByRole('region', { name: 'Location' }).count()).resolves.toBe(0);

    expect(await page.evaluate(() => localStorage.getItem('leadRecorded'))).toBe('1');

    // A browser with a device id the store has not recorded: the banner shows from the first paint (nothing moves
    // later), and the lead check, asked once the page has painted, keeps it.
    const unknown = await e2e.newPage();
    await unknown.goto(e2e.url('/'));
    await unknown.evaluate(() => {
      localStorage.setItem('deviceId', 'device-never-recorded-1');
      localStorage.removeItem('leadRecorded');
    });
    // The check is held back until the banner has been seen: it shows without its answer.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await unknown.route('**/api/v1/check-lead-information**', async (route) => {
      await held;
      await route.continue();
    });
    const checked = unknown.waitForResponse((r) => r.url().includes('/api/v1/check-lead-information'));
    await unknown.reload();
    await unknown.getByRole('region', { name: 'Location' }).getByRole('button', { name: "Don't Allow" }).waitFor();
    answer();
    await checked;
    await unknown.waitForTimeout(300);
    await expect(unknown.getByRole('region', { name: 'Location' }).count()).resolves.toBe(1);
    await unknown.unroute('**/api/v1/check-lead-information**');
    expect(await unknown.evaluate(() => localStorage.getItem('leadRecorded'))).toBeNull();

    // A browser that believes its device recorded, which the store does not know: the check brings the banner back.
    await unknown.evaluate(() => localStorage.setItem('leadRecorded', '1'));
    await unknown.reload();
    await unknown.getByRole('region', { name: 'Location' }).getByRole('button', { name: "Don't Allow" }).waitFor();
    expect(await unknown.evaluate(() => localStorage.getItem('leadRecorded'))).toBeNull();
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

  it('sends visitors who are not signed in from the rep and group homes to sign-in', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/agent-home?agent_id=20001'));
    await page.waitForURL((u) => u.pathname === '/sign-in' && u.searchParams.get('next')?.startsWith('/agent-home') === true);
    // /member-home is also the applicant's home: not signed in, the store's home with a sign-in link for members
    await page.goto(e2e.url('/member-home'));
    await page.getByRole('heading', { name: 'Featured Plans' }).waitFor();
    await expect(page.getByRole('heading', { name: /^Welcome/ }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Sign in to see your plans' }).click();
    await page.waitForURL((u) => u.pathname === '/sign-in' && u.searchParams.get('next') === '/member-home');
    await page.goto(e2e.url('/group-home'));
    await page.waitForURL((u) => u.pathname === '/sign-in');
  });

  it('lets the signed-in rep choose a portal and a group, then opens /home', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'jordan.avery@example.com', 'Demo-Rep-2026', '/agent-home');
    await page.waitForURL((u) => u.pathname === '/agent-home');
    await page.getByRole('button', { name: 'Start Enrollment' }).click();
    const who = page.getByRole('dialog', { name: 'Who do you want to enroll for?' });
    await who.getByRole('button', { name: 'Current Member' }).waitFor();
    await who.getByRole('button', { name: 'New Member' }).click();
    const portal = page.getByRole('dialog', { name: 'Choose Enrollment Portal' });
    await portal.getByRole('button', { name: 'Submit' }).click();
    await portal.getByText('Please choose a platform').waitFor();
    await portal.getByLabel('Elevate Benefits').check();
    await portal.getByRole('button', { name: 'Submit' }).click();
    const group = page.getByRole('dialog', { name: 'Choose an option to enroll a new member' });
    await group.getByRole('button', { name: 'Start New Member Enrollment' }).waitFor();
    await group.getByRole('button', { name: 'Enroll', exact: true }).click();
    await group.getByText('Please choose a group').waitFor();
    await group.getByLabel('Group').selectOption({ label: 'Acme Manufacturing' });
    await group.getByRole('button', { name: 'Enroll', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    const stored = await page.evaluate(() => ({
      e: localStorage.getItem('eprocess'),
      t: localStorage.getItem('enroll_type'),
      p: localStorage.getItem('portal_id'),
      g: localStorage.getItem('group_id'),
      temp: localStorage.getItem('tempId'),
    }));
    expect(stored).toEqual({ e: 'rep', t: 'new-group-member', p: '502', g: '3001', temp: null });
    await page.getByText('Elevate Benefits').waitFor();
  });

  it('greets the signed-in member and asks for a tier', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'riley.chen@example.com', 'Demo-Member-2026', '/member-home');
    await page.waitForURL((u) => u.pathname === '/member-home');
    await page.getByRole('heading', { name: 'Welcome Riley Chen' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please choose a tier').waitFor();
    for (const label of ['Member Only', 'Member + Spouse', 'Member + Children', 'Family'])
      await page.getByLabel(label, { exact: true }).waitFor();
    await page.getByLabel('Member + Spouse').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction(() => !!localStorage.getItem('tempId'));
  });

  it('lets the signed-in group administrator choose a portal, then opens /home as a group enrollment', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e, 'hr@acme.example.com', 'Demo-Group-2026', '/group-home');
    await page.waitForURL((u) => u.pathname === '/group-home');
    await page.getByRole('button', { name: 'Start Enrollment' }).click();
    const who = page.getByRole('dialog', { name: 'Who do you want to enroll for?' });
    await who.getByRole('button', { name: 'New Member' }).click();
    const portal = page.getByRole('dialog', { name: 'Choose Enrollment Portal' });
    await portal.getByRole('button', { name: 'Submit' }).click();
    await portal.getByText('Please choose a platform').waitFor();
    await portal.getByRole('radio').first().check();
    await portal.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    const stored = await page.evaluate(() => ({
      e: localStorage.getItem('eprocess'),
      g: localStorage.getItem('group_id'),
      t: localStorage.getItem('enroll_type'),
    }));
    expect(stored).toEqual({ e: 'group', g: '3001', t: 'new-group-member' });
    // Current Member goes to the group's member selection
    await page.goto(e2e.url('/group-home'));
    await page.getByRole('button', { name: 'Start Enrollment' }).click();
    await page.getByRole('button', { name: 'Current Member' }).click();
    await page.waitForURL((u) => u.pathname === '/group-select-member');
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
    // the support ticket link comes from get-ticket-link
    await other.locator('a[href^="mailto:"]', { hasText: 'Submit a support ticket' }).waitFor();
  });
});
