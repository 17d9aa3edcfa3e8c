import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib/built-server.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../apps/web/e2e/harness.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-trace-'));
const store = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error', ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const agg = new Map<string, number>();
for (let run = 0; run < 3; run++) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 1) });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(store.baseUrl + (process.env.PAGE ?? '/'), { waitUntil: 'networkidle' });
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const dt = profile.timeDeltas;
  const counts = new Map<number, number>();
  profile.samples.forEach((s: number, i: number) => counts.set(s, (counts.get(s) ?? 0) + (dt[i] ?? 0)));
  for (const [id, us] of counts) {
    const n: any = byId.get(id);
    const cf = n.callFrame;
    const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^https?:\/\/[^/]+/, '')}:${cf.lineNumber}:${cf.columnNumber}`;
    agg.set(key, (agg.get(key) ?? 0) + us / 3);
  }
  await page.close();
}
await browser.close();
await store.stop();
const total = [...agg.values()].reduce((a, b) => a + b, 0);
console.log('total ms', (total / 1000).toFixed(0));
for (const [k, v] of [...agg.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) console.log((v / 1000).toFixed(1).padStart(7), k);
