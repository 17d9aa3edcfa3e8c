import type { Page } from 'playwright-core';
import { signIn, type E2E } from './harness.ts';

/** A 2x2 PNG (a real image the server accepts by its bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

export async function signInAsOperator(page: Page, e2e: E2E) {
  await signIn(page, e2e, 'admin@example.com', 'Demo-Admin-2026');
  await page.waitForURL(/\/admin/);
  await page.getByRole('link', { name: 'Operator console' }).waitFor();
}

/** The operator, signed in, on a plan's console page (found by its name, as a person searches for it). */
export async function openConsolePlan(page: Page, e2e: E2E, name: string) {
  await signInAsOperator(page, e2e);
  await page.getByRole('link', { name: 'Plans' }).click();
  await page.getByLabel('Search plans by name or id').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name }).click();
}

/** Starts a quote through the store's API from a shopper's page; returns the enrollment id. */
export async function startQuote(page: Page, zip = '10001'): Promise<string> {
  return page.evaluate(async (zip) => {
    await fetch('/api/v1/site');
    const csrf = /(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const r = await fetch('/api/v1/add-filter-for-new-user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
      body: JSON.stringify({
        zip,
        dob: '01/15/1980',
        gender: '0',
        tier: 'IO',
        eprocess: 'applicant',
        type: 'new-member',
        open_type: 'user',
      }),
    });
    const body = await r.json();
    localStorage.setItem('tempId', body.data.temp_enrollment_id);
    return body.data.temp_enrollment_id as string;
  }, zip);
}
