import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';

/**
 * Issue 35: the plans page as a shopper reaches it (home, a quote made, then /plans opened on a phone) asks the server
 * for its list with the prices in one request (decision 2380), and at most three calls in all, the header's and the
 * help widgets' included: who is signed in, the cart and the device's lead come in one session call, the support
 * ticket link with index.html (decision 2600). bench/lighthouse/plans-calls.ts prints the same list.
 */
const CALLS_MAX = 3;

describe('the plans page after a quote', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('asks for the list with its prices in one request, and makes at most three API calls in all', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await page.goto(e2e.url('/'));
    await page.waitForLoadState('networkidle');
    await newQuote(page);
    await page.goto('about:blank');
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) calls.push(u.pathname);
    });
    await page.goto(e2e.url('/plans'));
    // The cards with their prices: the list came whole.
    await page.getByRole('article', { name: 'Dental Essentials', exact: true }).locator('.plan-price').waitFor();
    // The header and the footer as every page has them: signed out, the support ticket link.
    await page.getByRole('link', { name: 'Submit a support ticket' }).and(page.locator('a[href^="mailto:"]')).waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');

    expect(calls.filter((c) => c === '/api/v1/get-quote-plans')).toHaveLength(1);
    expect(calls.filter((c) => c === '/api/v1/get-session')).toHaveLength(1);
    // No price plan by plan, no second look at the list, none of the separate session calls.
    for (const gone of [
      '/api/v1/get-plan-facts',
      '/api/v1/get-filtered-plans',
      '/api/v1/get-plan-pricing-detail',
      '/api/v1/get-compare-plans',
      '/api/auth/me',
      '/api/v1/get-cart-count',
      '/api/v1/get-more-requirement',
      '/api/v1/get-ticket-link',
      '/api/v1/check-lead-information',
    ])
      expect(calls).not.toContain(gone);
    expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(CALLS_MAX);
  });

  it('shows the new count in the header after a plan is added, with one more session call', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await page.goto(e2e.url('/'));
    await page.waitForLoadState('networkidle');
    await newQuote(page);
    await page.goto(e2e.url('/plans'));
    await page.getByRole('article', { name: 'Dental Essentials', exact: true }).locator('.plan-price').waitFor();
    await page.waitForLoadState('networkidle');
    expect((await page.getByTestId('cart-count').textContent())?.trim()).toBe('0');
    const sessions: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/get-session') sessions.push(r.url());
    });
    await page.getByRole('link', { name: 'More Info: Dental Essentials' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expect.poll(async () => (await page.getByTestId('cart-count').textContent())?.trim(), { timeout: 15_000 }).toBe('1');
    expect(sessions.length).toBeGreaterThanOrEqual(1);
  });
});
