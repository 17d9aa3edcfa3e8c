import type { Page } from 'playwright-core';

/** The storefront's quote in the browser tests: dates of birth, the navigation it leads to, the get-started wizard. */

/** mm/dd/yyyy of a person this many years old today. */
export function dobYearsAgo(years: number) {
  const d = new Date();
  return `01/01/${d.getFullYear() - years}`;
}

/**
 * Resolves once the page has navigated to this path. The plans page is built by another engineer: until it
 * lands, /plans falls through to the 404 page, so every navigation is recorded rather than the final URL read.
 */
export function trackNavigation(page: Page) {
  const seen: URL[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(new URL(f.url()));
  });
  return {
    async reached(test: (u: URL) => boolean, timeout = 15_000) {
      const end = Date.now() + timeout;
      while (Date.now() < end) {
        if (seen.some(test)) return;
        await page.waitForTimeout(100);
      }
      throw new Error(`never reached; saw ${seen.map((u) => u.pathname + u.search).join(', ')}`);
    },
  };
}

/** Opens the get-started wizard with FIND A PLAN and returns its dialog. */
export async function openWizard(page: Page) {
  await page.getByRole('button', { name: 'FIND A PLAN', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Started' });
  await dialog.waitFor();
  return dialog;
}
