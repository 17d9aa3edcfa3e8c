import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { STEP_ROUTES, type TabName } from '@store/domain/codes';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { DEMO } from '../../server/test/helpers/client.ts';
import { callApi, signIn, startE2E, type E2E } from './harness.ts';
import { newQuote, savePersonalAndContact, reviewAndAgreeViaApi, enrollViaApi } from './harness-enrollment.ts';
import { axeProblems, WCAG21_AA } from './harness-a11y.ts';

/** Where the screenshots go (git-ignored): <page>-375.png and <page>-1280.png. */
const SHOTS = path.resolve(import.meta.dirname, 'screenshots');
const PHONE = 375;
const DESKTOP = 1280;

/**
 * A person's browsers: a phone 375 px wide and a desktop 1280 px wide, sharing cookies and storage, and a phone of
 * the same person that chose Español (issue 37: every page fits 375 px in both languages).
 */
interface Pair {
  phone: Page;
  desktop: Page;
  spanish: Page;
}

describe('every page: WCAG 2.1 AA by axe-core, no sideways scrolling at 375 px in English and Spanish, screenshots at 375 and 1280 px', () => {
  let e2e: E2E;
  const problems: Record<string, string[]> = {};
  const seen: string[] = [];

  /**
   * Opens the path in both browsers; on each, once it has settled: axe, the screenshot and (phone) the page's width.
   * Then on the Spanish phone as it opens (what `then` does names English buttons): the same checks, named <page>-es.
   */
  async function visit(pair: Pair, name: string, pathname: string, opts: { host?: string; then?: (page: Page) => Promise<unknown> } = {}) {
    seen.push(name);
    for (const [width, page] of [
      [DESKTOP, pair.desktop],
      [PHONE, pair.phone],
    ] as const) {
      await page.goto(e2e.url(pathname, opts.host));
      await settle(page);
      if (opts.then) {
        await opts.then(page);
        await settle(page);
      }
      await check(page, name, width);
    }
    if (opts.then) return;
    await pair.spanish.goto(e2e.url(pathname, opts.host));
    if (opts.host) {
      // Another site is another origin: the language chosen is stored per origin.
      await pair.spanish.evaluate(() => localStorage.setItem('lang', 'es'));
      await pair.spanish.reload();
    }
    await settle(pair.spanish);
    await expect.poll(() => pair.spanish.evaluate(() => document.documentElement.lang)).toBe('es');
    await check(pair.spanish, `${name}-es`, PHONE);
  }

  /** The page has drawn its content: a heading shows and no spinner is left. */
  async function settle(page: Page) {
    await page.waitForLoadState('networkidle');
    await page.locator('h1, h2').first().waitFor();
    await expect.poll(() => page.locator('.spinner').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.evaluate(() => document.fonts.status)).toBe('loaded');
  }

  async function check(page: Page, name: string, width: number) {
    const found = await axeProblems(page, { tags: WCAG21_AA, allImpacts: true });
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width === PHONE && scroll > PHONE) {
      const wide = await page.evaluate((w) => {
        const out: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('body *')) {
          const r = el.getBoundingClientRect();
          if (r.right > w + 1 && out.length < 5)
            out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(r.right)}`);
        }
        return out;
      }, PHONE);
      found.push(`page is ${scroll}px wide: ${wide.join(', ')}`);
    }
    if (found.length) problems[`${name} @${width}`] = found;
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }

  /** The phones take the desktop's cookies and stored values (its session, its quote); the Spanish one keeps Español. */
  async function share(p: Pair) {
    const stored = await p.desktop.evaluate(() => JSON.stringify(localStorage));
    for (const phone of [p.phone, p.spanish]) {
      await phone.context().addCookies(await p.desktop.context().cookies());
      await phone.evaluate(
        (s) => Object.entries(JSON.parse(s) as Record<string, string>).forEach(([k, v]) => localStorage.setItem(k, v)),
        stored,
      );
    }
    await p.spanish.evaluate(() => localStorage.setItem('lang', 'es'));
  }

  /** Fresh browsers (phone, desktop, Spanish phone) of one person; signed in as `who` when given. */
  async function pair(who?: { email: string; password: string }): Promise<Pair> {
    const desktopCtx: BrowserContext = await e2e.newContext();
    const desktop = await desktopCtx.newPage();
    if (who) await signIn(desktop, e2e, who.email, who.password);
    else await desktop.goto(e2e.url('/'));
    const phone = await (await e2e.newContext({ mobile: true, width: PHONE, storageState: await desktopCtx.storageState() })).newPage();
    await phone.goto(e2e.url('/'));
    const spanish = await (await e2e.newContext({ mobile: true, width: PHONE, storageState: await desktopCtx.storageState() })).newPage();
    await spanish.goto(e2e.url('/'));
    await spanish.evaluate(() => localStorage.setItem('lang', 'es'));
    return { phone, desktop, spanish };
  }

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('the storefront, catalog, entry and error pages of a visitor', async () => {
    const p = await pair();
    await visit(p, 'home', '/');
    await visit(p, 'home-variant', '/home');
    await visit(p, 'rep-landing', '/jordan-avery');
    await visit(p, 'group-landing', '/acme');
    await visit(p, 'dental-site', '/', { host: 'dental.localhost' });
    await visit(p, 'partner-site', '/', { host: 'partner.localhost' });
    await visit(p, 'referrals', '/referrals?rid=REF100');
    await visit(p, 'provider-list', '/provider-list');
    await visit(p, 'plans', '/plans');
    await visit(p, 'plans-term-life', '/plans?type=term_life');
    await visit(p, 'plan-detail', '/plan/101/Dental-Essentials');
    await visit(p, 'plan-detail-term-life', '/plan/401/Term-Life-100k');
    await visit(p, 'cart-empty', '/cart');
    await visit(p, 'sign-in', '/sign-in');
    await visit(p, 'continue-enrollment', '/continue-enrollment');
    await visit(p, 'plan-question-view', '/PlanQuestionView');
    await visit(p, 'member-tier-link', '/member-benefit-store/1001/IS');
    await visit(p, 'enrollment-none', '/enrollment/personal-info');
    await visit(p, 'not-found', '/404');
    await visit(p, 'landing-unknown', '/no-such-landing-page');
    await visit(p, 'landing-config-error', '/landing-config-error/Group');
    await visit(p, 'home-wizard', '/jordan-avery', {
      then: (page) => page.getByRole('button', { name: 'FIND A PLAN', exact: true }).click(),
    });
  }, 900_000);

  it('the cart and every step of an enrollment, with its errors, and the receipt', async () => {
    const p = await pair();
    // Term life and income protection for a family: every step there is (employer, beneficiaries, health, dependents).
    const id = await newQuote(p.desktop, { tier: 'IF', eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await putInCart(e2e.store, id, PLAN_IDS.termLife100k);
    await putInCart(e2e.store, id, PLAN_IDS.incomeProtectDi);
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await e2e.store.db.updateTable('enrollments').set({ status: 'checked_out' }).where('id', '=', id).execute();
    await share(p);
    await visit(p, 'plans-quoted', '/plans');
    await visit(p, 'plan-detail-quoted', '/plan/401/Term-Life-100k');
    const compared = await callApi(p.desktop, 'POST', '/api/v1/save-compare-plans', {
      enrollment_id: id,
      plan_ids: [PLAN_IDS.dentalEssentials, PLAN_IDS.dentalPreferredPlus, PLAN_IDS.termLife100k],
    });
    expect(compared.status, JSON.stringify(compared.body)).toBe(200);
    await visit(p, 'compare', '/compare');
    await visit(p, 'cart', '/cart');
    await visit(p, 'cart-confirmation', '/cart', { then: (page) => page.getByRole('button', { name: 'Proceed to Enrollment' }).click() });
    const tabs: TabName[] = (await callApi(p.desktop, 'GET', `/get-dynamic-tabs?enrollment_id=${id}`)).body.data
      .filter((t: { required: boolean }) => t.required)
      .map((t: { tab_name: string }) => t.tab_name);
    expect([...tabs].sort()).toEqual(Object.keys(STEP_ROUTES).sort());
    // Each step as it opens, then with what a person does first there (Next on an empty form shows the messages).
    const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
    const then: Partial<Record<TabName, (page: Page) => Promise<unknown>>> = {
      primary_info: next,
      employer_info: next,
      beneficiary_info: (page) => page.getByRole('button', { name: 'Submit' }).click(),
      dependent_info: (page) => page.getByRole('button', { name: '+ Add Spouse' }).click(),
      // The last step's button enrolls and names the amount (decision 2531).
      billing_info: (page) => page.getByRole('button', { name: /^Enroll/ }).click(),
      agreement_info: next,
      review_info: (page) => page.getByRole('button', { name: 'Save & Continue Later' }).click(),
    };
    for (const tab of tabs) {
      const pathname = `/enrollment/${STEP_ROUTES[tab].path}`;
      await visit(p, `step-${STEP_ROUTES[tab].path}`, pathname);
      if (then[tab]) await visit(p, `step-${STEP_ROUTES[tab].path}-then`, pathname, { then: then[tab] });
      if (tab === 'contact_info') {
        await savePersonalAndContact(p.desktop, id);
        await share(p);
      }
    }
    await visit(p, 'step-agreement-typed', '/enrollment/agreement-signature', {
      then: async (page) => {
        await page.getByRole('radio', { name: 'Type' }).check();
        await page.getByRole('textbox', { name: 'Type your full name' }).fill('Dana Whitfield');
        await page.getByRole('img', { name: 'Typed signature: Dana Whitfield' }).waitFor();
      },
    });

    // A second, short enrollment (dental, one person) finished through the API shows the receipt.
    const done = await newQuote(p.desktop, { eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await putInCart(e2e.store, done, PLAN_IDS.dentalEssentials);
    await e2e.store.db.updateTable('enrollments').set({ status: 'checked_out' }).where('id', '=', done).execute();
    await savePersonalAndContact(p.desktop, done);
    // Review, then sign, then pay (decision 2530).
    await reviewAndAgreeViaApi(p.desktop, done);
    await enrollViaApi(p.desktop, done);
    await share(p);
    await visit(p, 'receipt', '/enrollment/receipt');
  }, 900_000);

  it('the homes of a rep, a group administrator and a member', async () => {
    const rep = await pair(DEMO.rep);
    await visit(rep, 'rep-home', '/agent-home');
    await visit(rep, 'rep-select-member', '/agent-select-member');
    const group = await pair(DEMO.group);
    await visit(group, 'group-home', '/group-home');
    await visit(group, 'group-select-member', '/group-select-member');
    const member = await pair(DEMO.member);
    await visit(member, 'member-home', '/member-home');
  }, 900_000);

  it('the operator console', async () => {
    const op = await pair(DEMO.operator);
    const db = e2e.store.db;
    const site = await db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow();
    const agent = await db.selectFrom('agents').select('agent_id').orderBy('agent_id').executeTakeFirstOrThrow();
    const group = await db.selectFrom('groups').select('group_id').orderBy('group_id').executeTakeFirstOrThrow();
    const enrollment = await db.selectFrom('enrollments').select('id').where('status', '=', 'completed').executeTakeFirst();
    const mail = await db.selectFrom('outbox').select('id').orderBy('id').executeTakeFirst();
    const pages: [string, string][] = [
      ['admin-dashboard', '/admin'],
      ['admin-enrollments', '/admin/enrollments'],
      ['admin-sites', '/admin/sites'],
      ['admin-site', `/admin/sites/${site.id}`],
      ['admin-agents', '/admin/agents'],
      ['admin-agent', `/admin/agents/${agent.agent_id}`],
      ['admin-agent-new', '/admin/agents/new'],
      ['admin-groups', '/admin/groups'],
      ['admin-group', `/admin/groups/${group.group_id}`],
      ['admin-portals', '/admin/portals'],
      ['admin-accounts', '/admin/accounts'],
      ['admin-plans', '/admin/plans'],
      ['admin-plan', `/admin/plans/${PLAN_IDS.dentalEssentials}`],
      ['admin-outbox', '/admin/outbox'],
      ['admin-leads', '/admin/leads'],
      ['admin-life-events', '/admin/life-events'],
      ['admin-not-found', '/admin/no-such-page'],
    ];
    if (enrollment) pages.push(['admin-enrollment', `/admin/enrollments/${enrollment.id}`]);
    if (mail) pages.push(['admin-mail', `/admin/outbox/${mail.id}`]);
    for (const [name, pathname] of pages) await visit(op, name, pathname);
  }, 900_000);

  it('found no accessibility problem and no page wider than a phone', () => {
    expect(seen.length).toBeGreaterThan(40);
    expect(problems).toEqual({});
  });
});
