import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';
import { axeProblems } from './harness-a11y.ts';

/**
 * The design system of issue 25: the style guide, the header on phones and desktops, the Help button that never
 * covers a control, the dental host's one quote form and the site's colours from its settings.
 */
describe('design system, header and phones', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('renders the style guide (not indexed) with every section, AA contrast on every pair, and no serious axe problem', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/style-guide'));
    await page.getByRole('heading', { level: 1, name: 'Style guide' }).waitFor();
    for (const name of [
      'Colour',
      'Type scale',
      'Spacing',
      'Radius and elevation',
      'Buttons',
      'Fields',
      'Cards, badges and price blocks',
      'Steppers',
      'Alerts',
      'Dialog',
    ])
      await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await page.getByRole('button', { name: 'Primary', exact: true }).waitFor();
    await page.getByLabel('Zip code').waitFor();
    await page.getByText('$26.99', { exact: true }).waitFor();
    expect(await page.getByText('/month', { exact: true }).count()).toBeGreaterThanOrEqual(2);
    await page.getByRole('navigation', { name: 'Enrollment steps' }).getByText('Steps: 2 of 4').waitFor();
    await expect.poll(() => page.getByTestId('ratio-on-brand-brand').textContent()).toBe('6.70:1 passes');
    const ratios = await page.locator('[data-testid^="ratio-"]').allTextContents();
    expect(ratios.length).toBeGreaterThan(10);
    expect(ratios.filter((r) => !r.endsWith('passes'))).toEqual([]);
    // The store does not link to it.
    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'FIND A PLAN', exact: true }).waitFor();
    expect(await page.locator('a[href*="style-guide"]').count()).toBe(0);
    await page.goto(e2e.url('/style-guide'));
    await page.getByRole('heading', { level: 1, name: 'Style guide' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open a dialog' }).click();
    await page.getByRole('dialog', { name: 'Basic Details' }).waitFor();
    expect(await axeProblems(page, { selector: '.modal' })).toEqual([]);
  });

  it('keeps the sticky header of a 375 px phone at most 64 px high, with the category menu behind Menu', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    for (const path of ['/', '/plans', '/cart']) {
      await page.goto(e2e.url(path));
      await page.getByRole('banner').getByRole('button', { name: 'FIND A PLAN', exact: true }).waitFor();
      const header = (await page.locator('header.site-header').boundingBox())!;
      expect(header.height, path).toBeLessThanOrEqual(64);
      expect(header.width, path).toBeLessThanOrEqual(375);
    }
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Plans', exact: true }).click();
    await page.getByRole('link', { name: 'Vision', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/plans' && u.searchParams.get('type') === 'vision');
    // The menu closed on the way.
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the category menu in the header row at 1280 px, without a Menu button', async () => {
    const page = await e2e.newPage({ width: 1280 });
    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'FIND A PLAN', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Plans', exact: true }).click();
    await page.getByRole('link', { name: 'Dental', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/plans' && u.searchParams.get('type') === 'dental');
  });

  /** The controls visible on screen that the Help button's box touches. */
  const coveredByHelp = (page: Page) =>
    page.evaluate(() => {
      const help = [...document.querySelectorAll<HTMLElement>('.help-toggle')][0];
      const h = help.getBoundingClientRect();
      const hit = (r: DOMRect) => r.left < h.right && h.left < r.right && r.top < h.bottom && h.top < r.bottom;
      return [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="button"]')]
        .filter((el) => !el.closest('.help-widget') && el.getClientRects().length > 0)
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.bottom > 0 && r.top < innerHeight && hit(r);
        })
        .map((el) => el.outerHTML.slice(0, 120));
    });

  it.each([375, 1280])(
    'keeps the Help button off every control at the bottom of /plans and the cart (%i px)',
    async (width) => {
      const page = await e2e.newPage(width === 375 ? { mobile: true, width } : { width });
      await page.goto(e2e.url('/'));
      const id = await newQuote(page);
      await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
      for (const path of ['/plans', '/cart']) {
        await page.goto(e2e.url(path));
        await page.getByRole('button', { name: 'Help', exact: true }).waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        // down the page a screen at a time, then at the very bottom
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y < height; y += 400) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          expect(await coveredByHelp(page), `${path} at ${y}`).toEqual([]);
        }
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.getByRole('button', { name: 'Help', exact: true }).waitFor();
        expect(await coveredByHelp(page), `${path} at the bottom`).toEqual([]);
      }
    },
    60_000,
  );

  it('shows one quote form on the dental host (its two quick questions), and the main host its own one', async () => {
    const dental = await e2e.newPage();
    await dental.goto(e2e.url('/', 'dental.localhost'));
    await dental.getByRole('heading', { level: 1, name: 'Dental Marketplace' }).waitFor();
    await dental.getByRole('form', { name: 'Quick start' }).waitFor();
    expect(await dental.getByRole('form').count()).toBe(1);
    expect(await dental.locator('main form').count()).toBe(1);
    expect(await dental.getByRole('heading', { name: 'Two quick questions' }).count()).toBe(1);
    expect(await dental.getByText('Get a quote in seconds').count()).toBe(0);
    // The dental site's brand colour (its theme_color setting) is the primary button's.
    const background = await dental.getByRole('button', { name: 'Continue' }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(15, 118, 110)');

    const main = await e2e.newPage();
    await main.goto(e2e.url('/'));
    await main.getByRole('form', { name: 'Get a quote' }).waitFor();
    expect(await main.locator('main form').count()).toBe(1);
    expect(await main.getByRole('heading', { name: 'Two quick questions' }).count()).toBe(0);
  });
});
