import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';

describe('the store runs: home, landing, config-error and 404 pages', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('loads the home page of the main site with its branding', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByRole('heading', { level: 1, name: 'Benefit Store' }).waitFor();
    await expect(page.getByRole('img', { name: 'Benefit Store' }).first().getAttribute('src')).resolves.toMatch(
      /^\/media\/[0-9a-f]{16}\/site-main-logo\.svg$/,
    );
  });

  it("opens a rep's landing page with name, phone, email, tagline and About", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/jordan-avery'));
    await page.getByRole('heading', { level: 1, name: 'Jordan Avery' }).waitFor();
    await page.getByText('(555) 010-0100').first().waitFor();
    await page.getByText('jordan.avery@example.com').first().waitFor();
    await page.getByText('Helping families find the right dental and vision coverage').waitFor();
    await page.getByText('Jordan Avery has helped families').waitFor();
  });

  it("opens a group's landing page", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/acme'));
    await page.getByRole('heading', { level: 1, name: 'Acme Manufacturing' }).waitFor();
    await page.getByText('(212) 555-0142').first().waitFor();
  });

  it('shows the landing-config-error page without header and footer', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/landing-config-error/Group'));
    await page.getByRole('heading', { name: 'OOPS! Landing url is not configured for this Group' }).waitFor();
    await expect(page.getByRole('link', { name: 'Back to Homepage' }).getAttribute('href')).resolves.toBe('/');
    await expect(page.locator('header.site-header').count()).resolves.toBe(0);
  });

  it('shows the 404 page for an unknown landing name and goes back home', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/no-such-landing-page'));
    await page.getByRole('heading', { name: 'OOPS! Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await page.waitForURL(e2e.url('/'));
  });

  it('serves the dental host with its own branding', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/', 'dental.localhost'));
    await page.getByRole('heading', { level: 1, name: 'Dental Marketplace' }).waitFor();
  });

  it('signs a rep in and out', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/sign-in?next=/'));
    await page.getByLabel('Email').fill('jordan.avery@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Said beside the password and in the error summary, as a link to the field.
    await page.locator('#password_message').getByText('The e-mail or password is not right.').waitFor();
    await page.locator('.error-summary').getByRole('link', { name: 'The e-mail or password is not right.' }).waitFor();
    await page.getByLabel('Password').fill('Demo-Rep-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('agent_id'))).resolves.toBeNull();
  });
});
