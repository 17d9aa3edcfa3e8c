import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib/built-server.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../apps/web/e2e/harness.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-trace-'));
const store = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error', ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 1) });
await page.goto(store.baseUrl + '/about:blank'.replace('/about:blank', '/healthz'));
await browser.startTracing(page, { path: '/tmp/tr/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
await page.goto(store.baseUrl + (process.env.PAGE ?? '/'), { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
await browser.stopTracing();
await browser.close();
await store.stop();
const t = JSON.parse(fs.readFileSync('/tmp/tr/trace.json', 'utf8'));
const ev: any[] = (t.traceEvents ?? t).filter((e: any) => e.ph === 'X' && e.dur);
const tasks = ev.filter((e) => e.name === 'RunTask' && e.dur > 30_000).sort((a, b) => a.ts - b.ts);
const t0 = Math.min(...ev.filter((e) => e.name === 'RunTask').map((e) => e.ts));
for (const task of tasks) {
  const kids = ev.filter((e) => e.tid === task.tid && e.pid === task.pid && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task);
  const by = new Map<string, number>();
  for (const k of kids) {
    const label = k.name + (k.args?.data?.url ? ' ' + String(k.args.data.url).replace(/^https?:\/\/[^/]+/, '') : k.args?.data?.functionName ? ' ' + k.args.data.functionName : '');
    by.set(label, Math.max(by.get(label) ?? 0, k.dur));
  }
  const top = [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, d]) => `${k} ${(d / 1000).toFixed(0)}`).join(' | ');
  console.log(`task at ${((task.ts - t0) / 1000).toFixed(0)} ms, ${(task.dur / 1000).toFixed(0)} ms: ${top}`);
}
