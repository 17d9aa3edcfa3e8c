/**
 * What moves on /plans as a shopper reaches it (a quote made, then /plans opened on a phone-sized screen): the
 * layout shifts the browser reports, each with its score and the elements that moved. A companion of npm run
 * lighthouse for finding the culprits of a CLS figure.
 *
 *   npx tsx bench/lighthouse/plans-shifts.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { spawnStore } from '../../apps/server/test/security/process.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../apps/web/e2e/harness.ts';
import { newQuote } from '../../apps/web/e2e/harness-enrollment.ts';

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-plans-shifts-'));
  const store = await spawnStore({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${store.baseUrl}/`);
    await page.waitForLoadState('networkidle');
    await newQuote(page);
    await page.goto('about:blank');
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: unknown[] };
      w.shifts = [];
      const describe = (n: Node | null) => {
        if (!(n instanceof Element)) return String(n?.nodeName);
        return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.split(' ').join('.')}` : ''}`;
      };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { node: Node | null; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }[];
        })[])
          w.shifts.push({
            at: Math.round(e.startTime),
            value: e.value.toFixed(4),
            moved: e.sources.map((s) => ({ node: describe(s.node), from: s.previousRect?.y, to: s.currentRect?.y })),
          });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 7.5e5 / 8,
    });
    await page.goto(`${store.baseUrl}/plans`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts);
    for (const s of shifts) console.log(JSON.stringify(s));
    const total = (shifts as { value: string }[]).reduce((a, s) => a + Number(s.value), 0);
    console.log(`total layout shift ${total.toFixed(3)}`);
    await page.screenshot({ path: path.join(os.tmpdir(), 'plans-after-quote.png') });
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
