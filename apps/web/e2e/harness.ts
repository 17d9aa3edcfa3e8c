import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { generate } from 'otplib';
import { TEXT } from '@store/domain/texts';
import { startTestStore, type TestStore } from '../../server/test/helpers/store.ts';
import type { Config } from '../../server/src/config/env.ts';
import { CONTACT, PERSONAL } from '../../server/test/enrollment/helpers.ts';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { CARD, SIGNATURE } from '../../server/test/enrollment-finish/helpers.ts';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../server/src/db/seed/demo-people.ts';
import { ESIGN_DISCLOSURE, ESIGN_VERSION } from '@store/domain/consent';

/**
 * Browser tests: the real store (built web app, API, embedded database with the demo data) on a free
 * port, driven by Playwright in Debian's Chromium (never a downloaded browser).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // *.localhost hosts (dental.localhost, partner.localhost …) reach the test server.
  '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1',
];

export interface E2E {
  store: TestStore;
  browser: Browser;
  port: number;
  /** http://{host}:{port}{path} */
  url(pathname?: string, host?: string): string;
  /** A fresh browser context (own cookies and storage), phone-sized when asked (390 px wide unless `width` says). */
  newContext(opts?: ContextOptions): Promise<BrowserContext>;
  newPage(opts?: ContextOptions): Promise<Page>;
  close(): Promise<void>;
}

export interface ContextOptions {
  mobile?: boolean;
  /** The viewport's width (a phone: 812 px high; otherwise 900 px). */
  width?: number;
  /** Cookies and local storage to start with (another context's `storageState()`). */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
}

export async function startE2E(overrides: Partial<Config> = {}): Promise<E2E> {
  const dist = path.resolve(import.meta.dirname, '../dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  const store = await startTestStore('pglite', overrides);
  const port = Number(new URL(store.baseUrl).port);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, `--user-data-dir=${fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-'))}`].filter(
      (a) => !a.startsWith('--user-data-dir'),
    ),
  });
  const contexts: BrowserContext[] = [];
  const e2e: E2E = {
    store,
    browser,
    port,
    url: (pathname = '/', host = 'localhost') => `http://${host}:${port}${pathname}`,
    async newContext(opts = {}) {
      const ctx = await browser.newContext({
        ...(opts.mobile
          ? { viewport: { width: opts.width ?? 390, height: opts.width ? 812 : 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
          : { viewport: { width: opts.width ?? 1280, height: 900 } }),
        storageState: opts.storageState,
      });
      contexts.push(ctx);
      return ctx;
    },
    async newPage(opts) {
      const ctx = await e2e.newContext(opts);
      return ctx.newPage();
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await store.close();
    },
  };
  return e2e;
}

/** A same-origin API call from the page: its cookies, its session and the CSRF token, as the app sends them. */
/** What the agreement step needs first (issue 22): the ESIGN consent, and the payment authorization when paying by card or bank. */
export async function consentViaApi(page: Page, id: string) {
  const c = await callApi(page, 'POST', '/api/v1/give-esign-consent', { enrollment_id: id, version: ESIGN_VERSION, agreed: true });
  if (c.status !== 200) throw new Error(`esign consent: ${c.status} ${JSON.stringify(c.body)}`);
  const a = await callApi(page, 'GET', `/api/v1/get-payment-authorization?enrollment_id=${encodeURIComponent(id)}`);
  if (a.body?.data?.required && !a.body.data.accepted)
    await callApi(page, 'POST', '/api/v1/accept-payment-authorization', {
      enrollment_id: id,
      text_sha256: a.body.data.text_sha256,
      agreed: true,
    });
}

/** The agreement step's own boxes of issue 22 (the ESIGN consent; the payment authorization when paying by card or bank). */
export const CONSENT_BOXES = {
  esign: ESIGN_DISCLOSURE.en.checkbox,
  authorization: 'I accept this payment authorization. A copy will be e-mailed to me.',
};
/**
 * They load beside the agreement texts: wait for them before ticking every box. `authorization`: whether the payment is
 * by card or bank (its box shows); unknown, the page's requests are waited for.
 */
export async function waitForConsentBoxes(page: Page, opts: { authorization?: boolean } = {}) {
  await page.getByRole('checkbox', { name: CONSENT_BOXES.esign }).waitFor();
  if (opts.authorization) await page.getByRole('checkbox', { name: CONSENT_BOXES.authorization }).waitFor();
  else if (opts.authorization === undefined) await page.waitForLoadState('networkidle');
}

export async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      if (!/csrf=/.test(document.cookie)) await fetch('/api/v1/site');
      const csrf = /(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: await r.json() };
    },
    { method, path, body },
  );
}

/**
 * Signs in at /sign-in as a person does and waits until the store has moved on. An operator's sign-in asks for a
 * code of the authenticator app next: the demo operator's comes from its published secret (README), the current
 * 30 s step's or, when that one was used already, the next one's.
 */
export async function signIn(page: Page, e2e: E2E, email: string, password: string) {
  await page.goto(e2e.url('/sign-in'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const codeStep = page.getByLabel('Authenticator code');
  await Promise.race([page.waitForURL((u) => !u.pathname.startsWith('/sign-in')).catch(() => {}), codeStep.waitFor().catch(() => {})]);
  for (let round = 0; new URL(page.url()).pathname.startsWith('/sign-in'); round++) {
    if (round >= 6) throw new Error('the second factor was not accepted');
    const ahead = round % 2 === 0 ? 0 : 30;
    if (round === 2 || round === 4) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
    await codeStep.fill(await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + ahead }));
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/second-factor');
    await page.getByRole('button', { name: 'Sign in' }).click();
    if ((await answer).status() === 200) await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
  }
}

/**
 * A quote of this page's session through add-filter-for-new-user (zip 10001, born 01/15/1985, male, Member
 * Only, no tobacco unless `fields` says otherwise); its tempId is stored as the app stores it.
 */
export async function newQuote(page: Page, fields: Record<string, unknown> = {}): Promise<string> {
  const r = await callApi(page, 'POST', '/api/v1/add-filter-for-new-user', {
    zip: '10001',
    dob: '01/15/1985',
    gender: '0',
    tier: 'IO',
    is_smoker: '0',
    ...fields,
  });
  if (r.status !== 200) throw new Error(`add-filter-for-new-user: ${r.status} ${JSON.stringify(r.body)}`);
  const id = r.body.data.temp_enrollment_id as string;
  await page.evaluate((tempId) => localStorage.setItem('tempId', tempId), id);
  return id;
}

let contactSeq = 0;
/** Saves the personal and contact steps of an enrollment through the API, with an e-mail and phone no one else has. */
export async function savePersonalAndContact(page: Page, id: string, personal: Record<string, unknown> = {}) {
  const p = await callApi(page, 'POST', '/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, ...personal });
  if (p.status !== 200) throw new Error(`save-personal-info: ${p.status} ${JSON.stringify(p.body)}`);
  contactSeq++;
  const unique = `${Date.now()}${contactSeq}`;
  const c = await callApi(page, 'POST', '/api/v1/save-contact-info', {
    enrollment_id: id,
    ...CONTACT,
    email_address: `e2e.${unique}@example.org`,
    phone_number: `646${unique.slice(-7)}`,
  });
  if (c.status !== 200) throw new Error(`save-contact-info: ${c.status} ${JSON.stringify(c.body)}`);
}

/**
 * A quote of this page's session (made with `fields`) with Dental Essentials in the cart, checked out, with the
 * effective date when one is given; the page holds its tempId.
 */
export async function checkedOutQuote(page: Page, e2e: E2E, fields: Record<string, unknown>, effectiveDate?: string): Promise<string> {
  const id = await newQuote(page, fields);
  await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
  await e2e.store.db
    .updateTable('enrollments')
    .set({ status: 'checked_out', ...(effectiveDate ? { effective_date: effectiveDate } : {}) })
    .where('id', '=', id)
    .execute();
  return id;
}

/** The billing step's card form filled as a person does: Dana Whitfield, this card number, a valid expiry, the contact address. */
export async function fillCard(page: Page, cardNumber = '4242424242424242') {
  await page.getByRole('radio', { name: 'Credit Card' }).check();
  await page.getByLabel('First Name on Card').fill('Dana');
  await page.getByLabel('Last Name on Card').fill('Whitfield');
  await page.getByLabel('Card Number').fill(cardNumber);
  await page.getByLabel('Expiration Month').selectOption('12');
  await page.getByLabel('Expiration Year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security Code').fill('123');
  await page.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS).check();
}

/**
 * An enrollment of this page's session for Dental Essentials, saved through the API up to the review (quote made with
 * `fields`, cart, checkout, personal, contact, billing by card, agreement); the page holds its tempId.
 */
export async function enrollmentAtReview(page: Page, e2e: E2E, fields: Record<string, unknown>): Promise<string> {
  const id = await checkedOutQuote(page, e2e, fields);
  await savePersonalAndContact(page, id);
  for (const [call, body] of [
    ['/api/v1/save-billing-info', { enrollment_id: id, ...CARD }],
    ['/api/v1/save-agreement-info', { enrollment_id: id, agreements: [true, true, true], signature: SIGNATURE }],
  ] as const) {
    if (call === '/api/v1/save-agreement-info') await consentViaApi(page, id);
    const r = await callApi(page, 'POST', call, body);
    if (r.status !== 200) throw new Error(`${call}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return id;
}

/** A real SMTP server for the test: every mail it receives is kept in `inbox`. */
export async function startSmtp() {
  const inbox: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { inbox, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Quoted-printable soft line breaks and =XX escapes undone, enough to read the code and the link. */
export const unQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The WCAG 2.1 A and AA rules of axe-core. */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Accessibility problems (axe-core) on what the page shows now, as 'rule: targets' lines: by default the serious
 * and critical ones under WCAG 2 A and AA, in the whole page or under `selector`.
 */
export async function axeProblems(page: Page, opts: { selector?: string; tags?: string[]; allImpacts?: boolean } = {}): Promise<string[]> {
  // evaluated through the debugging protocol: the store's CSP (script-src 'self') stays on
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ selector, tags, allImpacts }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      const r = await axe.run(selector ? { include: [selector] } : document, { runOnly: { type: 'tag', values: tags } });
      return r.violations
        .filter((v) => allImpacts || v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { selector: opts.selector, tags: opts.tags ?? ['wcag2a', 'wcag2aa'], allImpacts: !!opts.allImpacts },
  );
}

/** Whether an element of `target` has the keyboard focus now. */
const hasFocus = (target: Locator) => target.evaluateAll((els) => els.some((el) => el === document.activeElement));

/**
 * Presses Tab (Shift+Tab when `back`) until `target` has the focus, as a keyboard user does, at most `max` times;
 * fails if the element cannot be reached that way.
 */
export async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  await target.first().waitFor();
  if (await hasFocus(target)) return;
  const max = opts.max ?? 60;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return;
  }
  const focused = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName} ${el.getAttribute('name') ?? ''} ${el.textContent?.slice(0, 40) ?? ''}` : 'nothing';
  });
  throw new Error(`${target} not reached with ${max} ${opts.back ? 'Shift+Tab' : 'Tab'} presses; focus is on ${focused}`);
}

/** Tabs to a field and types into it (what was there is selected first and replaced, as Ctrl+A then typing does). */
export async function typeInto(page: Page, target: Locator, text: string, opts: { back?: boolean } = {}) {
  await tabTo(page, target, opts);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}
