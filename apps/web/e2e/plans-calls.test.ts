import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';
import { axeProblems } from './harness-a11y.ts';

/**
 * Issue 35: the plans page as a shopper reaches it (home, a quote made, then /plans opened on a phone) asks the server
 * for its list with the prices in one request (decision 2380), and at most three calls in all, the header's and the
 * help widgets' included: who is signed in, the cart and the device's lead come in one session call, the support
 * ticket link with index.html (decision 2760). bench/lighthouse/plans-calls.ts prints the same list.
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
    await page
      .getByRole('link', { name: 'Submit a support ticket' })
      .and(page.locator('a[href^="mailto:"]'))
      .waitFor({ state: 'attached' });
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
    // Every target a finger presses is large enough, or far enough from the next (WCAG 2.2 target size; Lighthouse's audit).
    expect(await axeProblems(page, { tags: ['wcag2a', 'wcag2aa', 'wcag22aa'] })).toEqual([]);
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

  it("loads the home page's featured plan logos from the content-hashed, immutable URLs the plan cards use", async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    const media = new Map<string, string | null>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/media/')) media.set(u.pathname, r.headers()['cache-control'] ?? null);
    });
    await page.goto(e2e.url('/'));
    const featured = page.getByRole('region', { name: 'Featured Plans' });
    const logos = featured.locator('img.plan-card-logo');
    await logos.first().waitFor();
    const srcs = await logos.evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname));
    expect(srcs.length).toBeGreaterThan(0);
    for (const src of srcs) expect(src).toMatch(/^\/media\/[0-9a-f]{16}\/plan-logo-\d+\.svg$/);
    // The ones the browser fetched (the first screen's) are cached a year.
    for (const src of srcs) await featured.locator(`img[src="${src}"]`).first().scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const fetched = srcs.filter((s) => media.has(s));
    expect(fetched.length).toBeGreaterThan(0);
    for (const src of fetched) expect(media.get(src), src).toBe('public, max-age=31536000, immutable');
    expect([...media.keys()].filter((k) => /^\/media\/plan-logo-/.test(k))).toEqual([]);
  });
});
