import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';

/**
 * The built app runs under the store's strict Content-Security-Policy: no violation and no script error on the
 * pages people open first, and hostile plan HTML is shown without running anything.
 */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return {
    async all() {
      const fromPage = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
      return [...problems, ...fromPage.map((v) => `violation: ${v}`)];
    },
  };
}

describe('security: the app under its Content-Security-Policy', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('loads the home page with the policy in force and no violation', async () => {
    const page = await e2e.newPage();
    const w = await watch(page);
    const res = await page.goto(e2e.url('/'));
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 1, name: 'Benefit Store' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await w.all()).toEqual([]);
  });

  it('shows a rep landing page and the plan list on a phone with no violation', async () => {
    const page = await e2e.newPage({ mobile: true });
    const w = await watch(page);
    await page.goto(e2e.url('/jordan-avery'));
    await page.getByRole('heading', { level: 1, name: 'Jordan Avery' }).waitFor();
    await page.goto(e2e.url('/plans'));
    await page.waitForLoadState('networkidle');
    expect(await w.all()).toEqual([]);
  });

  it('opens the other pages of the store, signed in and not, with no violation', async () => {
    const page = await e2e.newPage();
    const w = await watch(page);
    const visit = async (path: string) => {
      await page.goto(e2e.url(path));
      await page.waitForLoadState('networkidle');
    };
    for (const path of [
      '/sign-in',
      '/continue-enrollment',
      '/plans?type=dental',
      '/plan/101',
      '/cart',
      '/provider-list',
      '/admin',
      '/no-such-page',
      '/dental-landing',
    ])
      await visit(path);
    await visit('/sign-in');
    await page
      .getByLabel(/e-?mail/i)
      .first()
      .fill('jordan.avery@example.com');
    await page
      .getByLabel(/password/i)
      .first()
      .fill('Demo-Rep-2026');
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .click();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(async () => (await (await fetch('/api/auth/me')).json()).data.signed_in)).toBe(true);
    for (const path of ['/agent-home', '/agent-select-member', '/referrals']) await visit(path);
    expect(await w.all()).toEqual([]);
  });

  it('shows hostile plan HTML as harmless text: nothing runs', async () => {
    await sql`update plans set plan_short_text = ${'<p>Safe words<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">link</a></p>'},
      body_text = ${'<p>Body words<svg onload="window.__xss=4"></svg></p>'}`.execute(e2e.store.db);
    const page = await e2e.newPage();
    const w = await watch(page);
    await page.goto(e2e.url('/'));
    await page.getByText('Safe words').first().waitFor();
    await page.goto(e2e.url(`/plan/101`));
    await page.getByText('Body words').first().waitFor();
    const link = page.getByRole('link', { name: 'link' }).first();
    if (await link.count()) expect(await link.getAttribute('href')).not.toMatch(/javascript:/i);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('script:not([src])').count()).toBe(0);
    expect((await w.all()).filter((p) => !/^violation|Refused/.test(p))).toEqual([]);
  });
});

describe('security: step screenshots leave sensitive fields out', () => {
  it('drops SSN, card, security code and bank number fields from the image, keeps the others', async () => {
    const { keepInScreenshot, SENSITIVE_NAME } = await import('../src/lib/screenshot.ts');
    const { chromium } = await import('playwright-core');
    const { CHROMIUM, CHROMIUM_ARGS } = await import('./harness.ts');
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.setContent(`<form>
        <input name="first_name" value="Dana"><input name="ssn" value="123456789"><input name="add_ssn" value="1">
        <input name="card_number" value="4242424242424242"><input name="x" type="password" value="737"><input name="cc" autocomplete="cc-number">
        <input name="account_number"><input name="routing_number"><div data-sensitive><p>health</p></div><input name="ssn_last4" value="6789">
      </form>`);
      const kept = await page.evaluate(
        ([src, re]) => {
          // eslint-disable-next-line @typescript-eslint/no-unused-vars
          const SENSITIVE_NAME = new RegExp(re, 'i');
          const keep = eval(`(${src})`) as (n: Node) => boolean;
          return [...document.querySelectorAll('input, div')].filter((n) => keep(n)).map((n) => (n as HTMLInputElement).name || n.tagName);
        },
        [keepInScreenshot.toString(), SENSITIVE_NAME.source] as const,
      );
      expect(kept).toEqual(['first_name', 'ssn_last4']);
    } finally {
      await browser.close();
    }
  });
});
