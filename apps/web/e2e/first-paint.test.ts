import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { callApi, startE2E, type E2E } from './harness.ts';
import { newQuote } from './harness-enrollment.ts';

/**
 * A first visit to an inner page paints the page with the layout, not a spinner first
 * (docs/decisions/0910-inner-pages-first-paint.md): index.html preloads the page's code and main.tsx waits for it
 * before the first render; the header's menu, and on a plan page its plan's public answers, come in index.html
 * instead of from the API.
 * The first render of the layout (its <main>) is recorded by a MutationObserver set before any script runs.
 */
describe('the first paint of an inner page', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  async function firstRender(pathname: string) {
    const page = await e2e.newPage({ mobile: true });
    await page.addInitScript(() => {
      const w = window as unknown as { __firstRoot?: { html: string; spinnerInMain: boolean; at: number; frame?: number } };
      new MutationObserver((_, observer) => {
        // The layout's first render (before it, the start-up check shows its own spinner, as on every page).
        const root = document.getElementById('root');
        if (!root?.querySelector('main')) return;
        const first = (w.__firstRoot = {
          html: root.innerHTML,
          spinnerInMain: !!root.querySelector('main .spinner'),
          at: performance.now(),
          frame: undefined as number | undefined,
        });
        // The frame that paints it: its animation-frame callbacks run just before the paint.
        requestAnimationFrame(() => (first.frame = performance.now()));
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    await page.goto(e2e.url(pathname));
    const first = await page
      .waitForFunction(() => (window as unknown as { __firstRoot?: unknown }).__firstRoot)
      .then((h) => h.jsonValue() as Promise<{ html: string; spinnerInMain: boolean; at: number }>);
    return { page, first, apiCalls };
  }

  it("/plans: the plans page and the header's menu are in the first render, with no spinner and no menu call", async () => {
    const { page, first, apiCalls } = await firstRender('/plans');
    expect(first.spinnerInMain).toBe(false);
    expect(first.html).toContain('plans-page');
    // The common menu came with index.html: the header's Plans menu is there from the first render.
    expect(first.html).toContain('category-menu');
    await page.waitForLoadState('networkidle');
    expect(apiCalls.filter((c) => c.startsWith('/api/v1/get-common-menu'))).toEqual([]);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Plans', exact: true }).click();
    await page.getByRole('link', { name: 'Dental', exact: true }).waitFor();
  });

  it('/plans after a quote: the order note is in the first render, is the largest paint, and nothing moves as the list arrives', async () => {
    // Lighthouse's phone (decision 2850): the note is drawn before the page's answer, the filter bar holds its place.
    const page = await e2e.newPage({ mobile: true, width: 412 });
    await page.goto(e2e.url('/'));
    await newQuote(page);
    await page.goto('about:blank');
    await page.addInitScript(() => {
      const w = window as unknown as { __first?: { note: string | null; spinner: boolean }; __shift: number; __lcp: string[] };
      w.__shift = 0;
      w.__lcp = [];
      new MutationObserver((_, observer) => {
        const main = document.querySelector('#root main');
        if (!main?.querySelector('.plans-page')) return;
        w.__first = { note: main.querySelector('#plan-order-reason')?.textContent ?? null, spinner: !!main.querySelector('.spinner') };
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as (PerformanceEntry & { value: number })[]) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as (PerformanceEntry & { element?: Element | null })[]) w.__lcp.push(e.element?.id ?? '');
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(e2e.url('/plans'));
    await page.getByRole('article', { name: 'Dental Essentials', exact: true }).locator('.plan-price').waitFor();
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __first: { note: string | null; spinner: boolean }; __shift: number; __lcp: string[] };
      return { first: w.__first, shift: w.__shift, lcp: w.__lcp };
    });
    // The first render (before any API call starts, lib/after-paint.ts) states the quote's order; the list's place waits below it.
    expect(seen.first.note).toContain('Sorted by your monthly price, lowest first.');
    // The largest paint is that first one: nothing the list brings is larger.
    expect(seen.lcp.at(-1)).toBe('plan-order-reason');
    // Neither the quote's filter (the bar above the page) nor the list moves what was drawn.
    expect(seen.shift).toBeLessThan(0.005);
  });

  it("a plan's page: the plan, its price section and its logo are in the first render, without asking the API for them", async () => {
    const id = PLAN_IDS.dentalEssentials;
    const { page, first, apiCalls } = await firstRender(`/plan/${id}/Dental-Essentials`);
    expect(first.spinnerInMain).toBe(false);
    expect(first.html).toContain('plan-detail-page');
    expect(first.html).toContain(`plan-logo-${id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(
      apiCalls.filter((c) => c.startsWith(`/api/v1/get-plan-detail/${id}`) || c.startsWith('/api/v1/get-plan-pricing-detail')),
    ).toEqual([]);
    // No call to the API starts before the first screen is on the way to the glass: their answers never hold up
    // the first paint (lib/after-paint.ts firstPaint).
    const frame = await page.evaluate(() => (window as unknown as { __firstRoot: { frame: number } }).__firstRoot.frame);
    // (not before it: performance.now() is coarsened, so a frame due at once can read the same time as the render)
    expect(frame).toBeGreaterThanOrEqual(first.at);
    const starts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((r) => new URL(r.name).pathname.startsWith('/api/'))
        .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime })),
    );
    // (the session's one call and the plan page's own: decision 2760 made the header's four calls one)
    expect(starts.length).toBeGreaterThanOrEqual(2);
    expect(starts.filter((r) => r.start < frame)).toEqual([]);
    // Nor before the browser has reported that screen as painted (the first contentful paint's entry comes once the
    // frame is on the glass): Lighthouse counts a request started before the largest paint as holding it up.
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
    expect(fcp).toBeGreaterThan(0);
    expect(starts.filter((r) => r.start < fcp)).toEqual([]);
  });

  it('the enrollment page: header and banner paint before the wizard code is asked for; the step asks for its fields beside the tabs', async () => {
    const setup = await e2e.newPage({ mobile: true });
    await setup.goto(e2e.url('/'));
    const id = await newQuote(setup);
    const price = await callApi(
      setup,
      'GET',
      `/api/v1/get-plan-pricing-detail?pid=${PLAN_IDS.dentalEssentials}&enrollment_id=${encodeURIComponent(id)}`,
    );
    await callApi(setup, 'POST', '/api/v1/add-plan-to-cart', {
      enrollment_id: id,
      plan_id: PLAN_IDS.dentalEssentials,
      plan_pricing_id: price.body.data.plans[0].plan_pricing_id,
    });
    const dates = await callApi(setup, 'GET', `/api/v1/get-cart-effective-dates?enrollment_id=${encodeURIComponent(id)}`);
    expect(
      (await callApi(setup, 'POST', '/api/v1/cart-checkout', { enrollment_id: id, effective_date: dates.body.data.result[0] })).status,
    ).toBe(200);

    const page = await setup.context().newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __firstRoot?: { at: number; spinnerInMain: boolean; banner: boolean } };
      new MutationObserver((_, observer) => {
        const root = document.getElementById('root');
        if (!root?.querySelector('main')) return;
        w.__firstRoot = {
          at: performance.now(),
          spinnerInMain: !!root.querySelector('main .spinner'),
          banner: !!root.querySelector('.location-banner'),
        };
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const html = await (await page.goto(e2e.url('/enrollment/personal-info')))!.text();
    // index.html names none of the wizard's files.
    expect(html).not.toContain('modulepreload');
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    const first = await page.evaluate(
      () => (window as unknown as { __firstRoot: { at: number; spinnerInMain: boolean; banner: boolean } }).__firstRoot,
    );
    expect(first.spinnerInMain).toBe(true);
    expect(first.banner).toBe(true);
    const timing = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime, end: (r as PerformanceResourceTiming).responseEnd })),
    );
    const wizard = timing.filter((r) => r.name.startsWith('/assets/wizard-page-') && r.name.endsWith('.js'));
    expect(wizard).toHaveLength(1);
    expect(wizard[0].start).toBeGreaterThan(first.at);
    // The step's field definitions are asked for once, without waiting for the tabs to come back.
    const fields = timing.filter((r) => r.name === '/api/v1/get-form-fields-personal-info');
    const tabs = timing.filter((r) => r.name === '/get-dynamic-tabs');
    expect(fields).toHaveLength(1);
    expect(tabs).toHaveLength(1);
    expect(fields[0].start).toBeLessThan(tabs[0].end);
    await expect(page.getByLabel('First Name').isVisible()).resolves.toBe(true);
  });
});
