import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';

/**
 * Issue 35: the plans page as a shopper reaches it (a quote made, then /plans opened on a phone) asks the server for
 * its list with the prices in one request (decision 2380), and little else. The header's and help widgets' calls
 * that every page makes are counted apart; bench/lighthouse/plans-calls.ts prints the same list.
 */
const EVERY_PAGE = ['/api/auth/me', '/api/v1/get-cart-count', '/api/v1/get-ticket-link', '/api/v1/check-lead-information'];
/** At most this many of the page's own calls after a quote (issue 35). */
const PAGE_CALLS_MAX = 3;

describe('the plans page after a quote', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('asks for the list with its prices in one request, and makes at most three calls of its own', async () => {
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
    await page.waitForLoadState('networkidle');

    const own = calls.filter((c) => !EVERY_PAGE.includes(c));
    expect(calls.filter((c) => c === '/api/v1/get-quote-plans')).toHaveLength(1);
    // No price plan by plan, no second look at the list.
    for (const gone of [
      '/api/v1/get-plan-facts',
      '/api/v1/get-filtered-plans',
      '/api/v1/get-plan-pricing-detail',
      '/api/v1/get-compare-plans',
    ])
      expect(calls).not.toContain(gone);
    expect(own.length, own.join('\n')).toBeLessThanOrEqual(PAGE_CALLS_MAX);
    // Each shell call at most once.
    for (const c of EVERY_PAGE) expect(calls.filter((x) => x === c).length, c).toBeLessThanOrEqual(1);
  });
});
