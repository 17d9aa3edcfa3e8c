import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXT } from '@store/domain/texts';
import { startE2E, type E2E } from './harness.ts';

/**
 * storefront.md section 2: every route sits under an optional landing-name prefix. A rep's or group's link to a
 * deeper page (/jordan-avery/plans, /acme/plans) keeps the landing: its rep or group in the header, its quotes
 * credited to them, every link of the store under the prefix; an unknown landing name is the 404 page.
 */
async function quoteThroughWizard(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'FIND A PLAN', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Started' });
  await dialog.getByLabel('What is your zip code?').fill('10001');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('What is your date of birth?').pressSequentially('01151985');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Male', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Me', { exact: true }).check();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/add-filter-for-new-user') && r.method() === 'POST');
  await dialog.getByRole('button', { name: "Let's Go!" }).click();
  return (await sent).postDataJSON() as Record<string, unknown>;
}

/** The quote's stored filter, once the app has stored the quote's id (the answer to add-filter-for-new-user). */
const storedFilter = async (page: Page) => {
  await page.waitForFunction(() => !!localStorage.getItem('tempId'));
  return page.evaluate(async () => {
    const id = localStorage.getItem('tempId');
    return (await (await fetch(`/api/v1/get-enrollment-temp-info?enrollment_id=${id}&column=filter_info`)).json()).data.result;
  });
};

describe('a landing-name prefix on every route', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("keeps the rep's landing on /jordan-avery/plans: the rep in the header, quotes credited, links under the prefix", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/jordan-avery/plans'));
    const header = page.getByRole('banner');
    await header.getByText('Jordan Avery', { exact: true }).waitFor();
    await header.getByText('(555) 010-0100').waitFor();
    expect(new URL(page.url()).pathname).toBe('/jordan-avery/plans');

    const body = await quoteThroughWizard(page);
    expect(String(body.agent_id)).toBe('20001');
    await page.waitForURL((u) => u.pathname === '/jordan-avery/plans');
    expect(await storedFilter(page)).toMatchObject({ agent_id: 20001, open_type: 'agent' });

    // the store's links keep the prefix: home, cart, a plan's page
    expect(await header.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/jordan-avery');
    expect(await header.getByRole('link', { name: /^Cart/ }).getAttribute('href')).toBe('/jordan-avery/cart');
    const more = page.getByRole('link', { name: 'More Info: Dental Essentials' });
    expect(await more.getAttribute('href')).toMatch(/^\/jordan-avery\/plan\/101\//);
    await more.click();
    await page.waitForURL((u) => u.pathname.startsWith('/jordan-avery/plan/101/'));
    await header.getByText('Jordan Avery', { exact: true }).waitFor();
    await page
      .getByRole('button', { name: /Add to Cart/ })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === '/jordan-avery/cart');
    await header.getByText('Jordan Avery', { exact: true }).waitFor();
  });

  it("keeps the group's landing on /acme/plans and credits its quotes to group 3001", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/acme/plans'));
    await page.getByRole('banner').getByText('Acme Manufacturing', { exact: true }).waitFor();
    const body = await quoteThroughWizard(page);
    expect(String(body.group_id)).toBe('3001');
    await page.waitForURL((u) => u.pathname === '/acme/plans');
    expect(await storedFilter(page)).toMatchObject({ group_id: 3001, open_type: 'group' });
  });

  it("forgets a quote made under another landing when a rep's deeper link is followed", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/acme/plans'));
    await page.getByRole('banner').getByText('Acme Manufacturing', { exact: true }).waitFor();
    await quoteThroughWizard(page);
    await page.waitForURL((u) => u.pathname === '/acme/plans');
    await page.goto(e2e.url('/jordan-avery/cart'));
    await page.getByRole('banner').getByText('Jordan Avery', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tempId'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/jordan-avery/cart');
  });

  it('shows the 404 page for a deeper page under an unknown landing name', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/no-such-landing/plans'));
    await page.getByRole('heading', { name: TEXT.PAGE_NOT_FOUND }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
  });

  it("sends an unknown rep id on a landing's deeper page to /404", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/jordan-avery'));
    await page.getByRole('heading', { level: 1, name: 'Jordan Avery' }).waitFor();
    await page.goto(e2e.url('/jordan-avery/plans?agent_id=999999'));
    await page.getByRole('heading', { name: TEXT.PAGE_NOT_FOUND }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
  });
});
