import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STEP_ROUTES, type TabName } from '@store/domain/codes';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { callApi, startE2E, type E2E } from './harness.ts';
import { enrollViaApi, newQuote, reviewAndAgreeViaApi, savePersonalAndContact } from './harness-enrollment.ts';
import { englishCatalog, englishOn } from './harness-spanish.ts';

/**
 * Issue 37: every text a shopper meets in Spanish is Spanish. A phone that chose Español walks the shopper's pages
 * (home, plans after a quote, a plan page, compare, the cart, each step of a family's enrollment, a receipt) and
 * finds no string of the English catalog (src/locales/es: English is the key) and no English prose from the server.
 */
describe('Spanish everywhere: the shopper pages show no English', () => {
  let e2e: E2E;
  const catalog = englishCatalog();
  /** Names, not words: plan and carrier names, the store's brand (the site's own name, first in a sentence too), people and places of the demo. */
  const allowed = [
    /^Term Life/i,
    /^Income Protect/i,
    /^Dental /i,
    /^Vision /i,
    /MetLife|Guardian|Aflac|Ameritas/i,
    /New York/i,
    /^Benefit Store\b/,
  ];
  const english: Record<string, string[]> = {};

  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  async function spanishPhone(): Promise<Page> {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await page.goto(e2e.url('/'));
    await page.evaluate(() => localStorage.setItem('lang', 'es'));
    return page;
  }

  async function look(page: Page, name: string, pathname: string, then?: (page: Page) => Promise<unknown>) {
    await page.goto(e2e.url(pathname));
    await page.waitForLoadState('networkidle');
    await page.locator('h1, h2').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect.poll(() => page.locator('.spinner').count(), { timeout: 15_000 }).toBe(0);
    if (then) {
      await then(page);
      await page.waitForLoadState('networkidle');
    }
    const found = await englishOn(page, catalog, allowed);
    if (found.length) english[name] = found;
  }

  it('home, plans after a quote, a plan page, compare and the cart', async () => {
    const page = await spanishPhone();
    await look(page, 'home', '/');
    const id = await newQuote(page, { tier: 'IF', eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await look(page, 'plans', '/plans');
    await look(page, 'plans-vision', '/plans?type=vision');
    await look(page, 'plan-dental', '/plan/101/Dental-Essentials');
    await look(page, 'plan-term-life', '/plan/401/Term-Life-100k');
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    const compared = await callApi(page, 'POST', '/api/v1/save-compare-plans', {
      enrollment_id: id,
      plan_ids: [PLAN_IDS.dentalEssentials, PLAN_IDS.dentalPreferredPlus, PLAN_IDS.termLife100k],
    });
    expect(compared.status).toBe(200);
    await look(page, 'compare', '/compare');
    await look(page, 'cart', '/cart');
  }, 240_000);

  it('each step of a family enrollment, its first messages, and a receipt', async () => {
    const page = await spanishPhone();
    const id = await newQuote(page, { tier: 'IF', eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await putInCart(e2e.store, id, PLAN_IDS.termLife100k);
    await putInCart(e2e.store, id, PLAN_IDS.incomeProtectDi);
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await e2e.store.db.updateTable('enrollments').set({ status: 'checked_out' }).where('id', '=', id).execute();
    await look(page, 'cart-checked-out', '/cart');
    const tabs: TabName[] = (await callApi(page, 'GET', `/get-dynamic-tabs?enrollment_id=${id}`)).body.data
      .filter((t: { required: boolean }) => t.required)
      .map((t: { tab_name: string }) => t.tab_name);
    for (const tab of tabs) {
      await look(page, `step-${STEP_ROUTES[tab].path}`, `/enrollment/${STEP_ROUTES[tab].path}`);
      if (tab === 'primary_info' || tab === 'employer_info')
        await look(page, `step-${STEP_ROUTES[tab].path}-messages`, `/enrollment/${STEP_ROUTES[tab].path}`, (p) =>
          p.getByRole('button', { name: 'Siguiente' }).click(),
        );
      if (tab === 'contact_info') await savePersonalAndContact(page, id);
    }

    const done = await newQuote(page, { eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await putInCart(e2e.store, done, PLAN_IDS.dentalEssentials);
    await e2e.store.db.updateTable('enrollments').set({ status: 'checked_out' }).where('id', '=', done).execute();
    await savePersonalAndContact(page, done);
    // Review, then sign, then pay (decision 2530): the billing step's Next enrolls.
    await reviewAndAgreeViaApi(page, done);
    await enrollViaApi(page, done);
    await look(page, 'receipt', '/enrollment/receipt');
  }, 300_000);

  it('found no English', () => {
    expect(english).toEqual({});
  });
});
