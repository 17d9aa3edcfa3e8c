/**
 * npm run lighthouse's companion: the API calls the plans page makes as a shopper reaches it (a quote made, then
 * /plans opened), counted in Debian's Chromium against the real store process. Prints each call and the total.
 *
 *   npx tsx bench/lighthouse/plans-calls.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { spawnStore } from '../../apps/server/test/security/process.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../apps/web/e2e/harness.ts';
import { newQuote } from '../../apps/web/e2e/harness-enrollment.ts';

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-plans-calls-'));
  const store = await spawnStore({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext({ viewport: { width: 412, height: 823 } })).newPage();
    await page.goto(`${store.baseUrl}/`);
    await page.waitForLoadState('networkidle');
    await newQuote(page);
    await page.goto('about:blank');
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) calls.push(`${r.method()} ${u.pathname}${u.search}`);
    });
    await page.goto(`${store.baseUrl}/plans`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    for (const c of calls) console.log(`  ${c}`);
    console.log(`${calls.length} API calls after a quote on /plans`);
  } finally {
    await browser.close();
    await store.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
