import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../../server/test/helpers/client.ts';
import { signIn, startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';

const PHONE = 375;

/**
 * Issue 37: in Spanish every page fits a 375 px phone ("ENCUENTRE UN PLAN" pushed the menu off the screen, every page
 * was 397 px wide). The shopper's pages without a quote and with one, and the homes of a member, a rep and a group.
 */
describe('Spanish on a phone: no page is wider than the screen', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** A phone 375 px wide that chose Spanish before (the language is kept in localStorage). */
  async function spanishPhone(): Promise<Page> {
    const page = await e2e.newPage({ mobile: true, width: PHONE });
    await page.goto(e2e.url('/'));
    await page.evaluate(() => localStorage.setItem('lang', 'es'));
    return page;
  }

  async function width(page: Page, pathname: string): Promise<string | null> {
    await page.goto(e2e.url(pathname));
    await page.waitForLoadState('networkidle');
    await page.locator('h1, h2').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect.poll(() => page.locator('.spinner').count(), { timeout: 15_000 }).toBe(0);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scroll <= PHONE) return null;
    const wide = await page.evaluate((w) => {
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        const r = el.getBoundingClientRect();
        if (r.right > w + 1 && out.length < 4)
          out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(r.right)}`);
      }
      return out;
    }, PHONE);
    return `${pathname} is ${scroll}px wide: ${wide.join(', ')}`;
  }

  it('the shopper pages, the homes and the sign-in fit 375 px in Spanish', async () => {
    const problems: string[] = [];
    const shopper = await spanishPhone();
    // The menu stays on the screen beside the Spanish button.
    await shopper.goto(e2e.url('/'));
    const menu = shopper.getByRole('button', { name: 'Menú' });
    await menu.waitFor();
    const box = await menu.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE);
    for (const pathname of [
      '/',
      '/jordan-avery',
      '/acme',
      '/plans',
      '/plan/101/Dental-Essentials',
      '/cart',
      '/sign-in',
      '/continue-enrollment',
      '/404',
    ])
      problems.push((await width(shopper, pathname)) ?? '');
    await newQuote(shopper);
    for (const pathname of ['/plans', '/plan/401/Term-Life-100k', '/cart']) problems.push((await width(shopper, pathname)) ?? '');
    for (const who of [DEMO.member, DEMO.rep, DEMO.group]) {
      const page = await e2e.newPage({ mobile: true, width: PHONE });
      await signIn(page, e2e, who.email, who.password);
      await page.evaluate(() => localStorage.setItem('lang', 'es'));
      const home = who === DEMO.member ? '/member-home' : who === DEMO.rep ? '/agent-home' : '/group-home';
      problems.push((await width(page, home)) ?? '');
    }
    expect(problems.filter(Boolean)).toEqual([]);
  }, 300_000);
});
