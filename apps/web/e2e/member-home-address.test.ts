import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './harness.ts';
import { axeProblems } from './harness-a11y.ts';

/** Issue 23: the member changes their address at home (a bad zip first), at 375 px, and sees the new address. */
describe('the member home: changing the address', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses a 4-digit zip (error summary focused), then saves and shows the new address', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signIn(page, e2e, 'riley.chen@example.com', 'Demo-Member-2026');
    await page.goto(e2e.url('/member-home'));
    const section = page.getByRole('region', { name: 'Your address' });
    await section.getByText(/Main Street$/).waitFor();
    await section.getByRole('button', { name: 'Change address' }).click();
    await section.getByLabel('Street Address 1').fill('77 Harbor Road');
    await section.getByLabel('Street Address 2').fill('Apt 4B');
    await section.getByLabel('City').fill('Brooklyn');
    await section.getByLabel('State').fill('NY');
    await section.getByLabel('Zip').fill('1120');
    await section.getByRole('button', { name: 'Save' }).click();
    const summary = page.locator('.error-summary');
    await summary.getByText('Enter 5 digit zip code.').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    expect(await axeProblems(page, { selector: '.mh-form' })).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await section.getByLabel('Zip').fill('11201');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Your address was saved.').waitFor();
    await section.getByText('77 Harbor Road', { exact: true }).waitFor();
    await section.getByText('Apt 4B', { exact: true }).waitFor();
    await section.getByText('Brooklyn, NY 11201', { exact: true }).waitFor();
    expect(await axeProblems(page)).toEqual([]);

    await page.reload();
    await page.getByRole('region', { name: 'Your address' }).getByText('77 Harbor Road', { exact: true }).waitFor();
    await page.evaluate(() => localStorage.setItem('lang', 'es'));
    await page.reload();
    const es = page.getByRole('region', { name: 'Su dirección' });
    await es.getByRole('button', { name: 'Cambiar la dirección' }).waitFor();
  });
});
