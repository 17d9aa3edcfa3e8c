import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { generate } from 'otplib';
import { startTestStore, type TestStore } from '../../server/test/helpers/store.ts';
import type { Config } from '../../server/src/config/env.ts';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../server/src/db/seed/demo-people.ts';

/**
 * Browser tests: the real store (built web app, API, embedded database with the demo data) on a free
 * port, driven by Playwright in Debian's Chromium (never a downloaded browser). Beside it: harness-enrollment.ts
 * (quotes and enrollments made through the API, the consent boxes), harness-a11y.ts (axe-core, the keyboard's Tab)
 * and harness-mail.ts (an SMTP server).
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

/** The browser tests' stores and browsers now running: a failed test reports their pages (e2e/setup.ts). */
const running = new Set<E2E>();

/**
 * What each open page shows when a test fails: its address, its open dialog, its alerts and status messages, and
 * the start of its text. The CI log then says what the person would have seen, not only which wait timed out.
 */
export async function describeOpenPages(): Promise<string> {
  const out: string[] = [];
  for (const e2e of running) {
    for (const context of e2e.browser.contexts()) {
      for (const page of context.pages()) {
        const seen = await Promise.race([
          page
            .evaluate(() => {
              const text = (el: Element | null) => (el as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim() ?? '';
              return {
                dialog: text(document.querySelector('dialog[open]')),
                messages: [...document.querySelectorAll('[role=alert], [role=status]')].map(text).filter(Boolean),
                body: text(document.body).slice(0, 1200),
              };
            })
            .catch((err: Error) => ({ dialog: '', messages: [], body: `(not readable: ${err.message})` })),
          new Promise<null>((r) => setTimeout(() => r(null), 3000)),
        ]);
        out.push(`page ${page.url()}`);
        if (!seen) out.push('  (did not answer within 3 s)');
        else {
          if (seen.dialog) out.push(`  dialog: ${seen.dialog}`);
          for (const m of seen.messages) out.push(`  message: ${m}`);
          out.push(`  text: ${seen.body}`);
        }
      }
    }
  }
  return out.join('\n');
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
      running.delete(e2e);
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await store.close();
    },
  };
  running.add(e2e);
  return e2e;
}

/** A same-origin API call from the page: its cookies, its session and the CSRF token, as the app sends them. */
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
 * Holds the answers of the calls matching `url` (a page's or a context's) until the returned function is called; the
 * requests are sent on then, as they were made.
 */
export async function holdAnswers(target: Pick<Page, 'route'>, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await target.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
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
