import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { holdAnswers, startE2E, type E2E } from './harness.ts';
// the storefront tables' types
import type {} from '../../server/src/modules/storefront/repository.ts';

async function signIn(page: Page, e2e: E2E, email: string, password: string, next: string) {
  await page.goto(e2e.url(`/sign-in?next=${encodeURIComponent(next)}`));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('storefront: the help widget, the location banner, and the homes of reps, members and groups', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
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
    // later), and the lead check (the session's answer, decision 2760) keeps it.
    const unknown = await e2e.newPage();
    await unknown.goto(e2e.url('/'));
    await unknown.evaluate(() => {
      localStorage.setItem('deviceId', 'device-never-recorded-1');
      localStorage.removeItem('leadRecorded');
    });
    // The check is held back until the banner has been seen: it shows without its answer.
    const answer = await holdAnswers(unknown, '**/api/v1/get-session**');
    const checked = unknown.waitForResponse((r) => r.url().includes('/api/v1/get-session'));
    await unknown.reload();
    await unknown.getByRole('region', { name: 'Location' }).getByRole('button', { name: "Don't Allow" }).waitFor();
    answer();
    await checked;
    await unknown.waitForTimeout(300);
    await expect(unknown.getByRole('region', { name: 'Location' }).count()).resolves.toBe(1);
    await unknown.unroute('**/api/v1/get-session**');
    expect(await unknown.evaluate(() => localStorage.getItem('leadRecorded'))).toBeNull();

    // A browser that believes its device recorded, which the store does not know: the check brings the banner back.
    await unknown.evaluate(() => localStorage.setItem('leadRecorded', '1'));
    await unknown.reload();
    await unknown.getByRole('region', { name: 'Location' }).getByRole('button', { name: "Don't Allow" }).waitFor();
    expect(await unknown.evaluate(() => localStorage.getItem('leadRecorded'))).toBeNull();
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
    await page.locator('#tier_message').getByText('Please choose a tier').waitFor();
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
});
