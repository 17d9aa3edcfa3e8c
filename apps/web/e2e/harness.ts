import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestStore, type TestStore } from '../../server/test/helpers/store.ts';
import type { Config } from '../../server/src/config/env.ts';

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
  /** A fresh browser context (own cookies and storage), phone-sized when asked. */
  newContext(opts?: { mobile?: boolean }): Promise<BrowserContext>;
  newPage(opts?: { mobile?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

export async function startE2E(overrides: Partial<Config> = {}): Promise<E2E> {
  const dist = path.resolve(import.meta.dirname, '../dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  const store = await startTestStore('pglite', overrides);
  const port = Number(new URL(store.baseUrl).port);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, `--user-data-dir=${fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-'))}`].filter((a) => !a.startsWith('--user-data-dir')),
  });
  const contexts: BrowserContext[] = [];
  const e2e: E2E = {
    store,
    browser,
    port,
    url: (pathname = '/', host = 'localhost') => `http://${host}:${port}${pathname}`,
    async newContext(opts = {}) {
      const ctx = await browser.newContext(
        opts.mobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1280, height: 900 } },
      );
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
export async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      if (!/csrf=/.test(document.cookie)) await fetch('/api/v1/site');
      const csrf = /(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: r.status, body: await r.json() };
    },
    { method, path, body },
  );
}
