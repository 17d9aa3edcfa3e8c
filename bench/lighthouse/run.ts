/**
 * npm run lighthouse: Lighthouse 12 (mobile defaults: a mid-range phone, simulated slow 4G and 4x CPU slowdown)
 * on the store's main pages, each run 3 times; prints the median performance, accessibility and best-practices
 * scores and LCP, TBT and CLS against the goals of docs/decisions/0800-web-bundle.md, and writes the figures
 * with the audits that fell short to bench/results/lighthouse-<time>.json (git-ignored).
 *
 *   npm run lighthouse                  all pages, 3 runs each
 *   RUNS=1 npm run lighthouse -- cart   only pages whose name contains "cart", 1 run
 *   npm run lighthouse -- --strict      exit 1 when a goal is missed
 *   FULL=1 npm run lighthouse           also keep each page's whole Lighthouse report (median run) as JSON
 *   WEB_DIST=/tmp/dist npm run lighthouse   measure a build made elsewhere (vite build --outDir /tmp/dist)
 *   LANTERN=1 npm run lighthouse        also print, per run, what Lighthouse's simulation of LCP waited for
 *                                       (its optimistic and pessimistic graphs: requests and main-thread tasks)
 *
 * The real store process (production mode, embedded database in a fresh temporary DATA_DIR, a free port) serves
 * the built app (built first when apps/web/dist is missing or older than its sources). Chromium is Debian's
 * /usr/bin/chromium, never a downloaded browser. The cart and enrollment pages need a shopper's state: it is
 * made through the API in the same browser (a quote, a plan in the cart, then check-out), and those pages are
 * measured without Lighthouse's storage reset (the browser cache is still emptied before every run).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { spawnStore, ROOT } from '../../apps/server/test/security/process.ts';
import { callApi, CHROMIUM, CHROMIUM_ARGS } from '../../apps/web/e2e/harness.ts';
import { newQuote } from '../../apps/web/e2e/harness-enrollment.ts';
import { PLAN_IDS } from '../../apps/server/src/db/seed/demo-catalog.ts';
import { paths } from '../../apps/web/src/config/paths.ts';
import { figures, GOALS, medianOf, misses, shortfalls, type Figures, type PageResult } from './figures.ts';
import { printLcpGraphs } from './lantern.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const args = process.argv.slice(2);
const strict = args.includes('--strict');
const filter = args.find((a) => !a.startsWith('--'));

/** The e2e tests' Chromium switches (no sandbox, GPU, QUIC, first-run, background networking, updates, sync), headless. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** Builds the web app when dist is missing or older than any of its sources. */
function buildIfNeeded() {
  const index = path.join(ROOT, 'apps/web/dist/index.html');
  const newest = (dir: string): number => {
    let t = 0;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }
    return t;
  };
  const sources = Math.max(
    newest(path.join(ROOT, 'apps/web/src')),
    newest(path.join(ROOT, 'apps/web/public')),
    newest(path.join(ROOT, 'packages/domain/src')),
    fs.statSync(path.join(ROOT, 'apps/web/index.html')).mtimeMs,
    fs.statSync(path.join(ROOT, 'apps/web/vite.config.ts')).mtimeMs,
  );
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  console.log('building the web app (npm run build)…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the build failed');
}

async function main() {
  if (!process.env.WEB_DIST) buildIfNeeded();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lighthouse-'));
  const store = await spawnStore({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const results: PageResult[] = [];
  try {
    const context = browser.contexts()[0];
    const page: Page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const url = (p: string) => `${store.baseUrl}${p}`;
    const plan = (await (await fetch(url(`/api/v1/get-plan-detail/${PLAN_IDS.dentalEssentials}`))).json()) as {
      data: { result: { plan_name: string } };
    };

    /** A shopper's quote with a plan in the cart, made in this browser (its session and localStorage). */
    async function cartWithPlan(): Promise<string> {
      await page.goto(url('/'));
      const id = await newQuote(page);
      const price = await callApi(
        page,
        'GET',
        `/api/v1/get-plan-pricing-detail?pid=${PLAN_IDS.dentalEssentials}&enrollment_id=${encodeURIComponent(id)}`,
      );
      const planPricingId = price.body?.data?.plans?.[0]?.plan_pricing_id;
      const add = await callApi(page, 'POST', '/api/v1/add-plan-to-cart', {
        enrollment_id: id,
        plan_id: PLAN_IDS.dentalEssentials,
        plan_pricing_id: planPricingId,
      });
      if (add.status !== 200) throw new Error(`add-plan-to-cart: ${add.status} ${JSON.stringify(add.body)}`);
      return id;
    }
    /** The cart checked out with its first effective date: the enrollment wizard opens on personal info. */
    async function checkOut(id: string) {
      await page.goto(url('/'));
      const dates = await callApi(page, 'GET', `/api/v1/get-cart-effective-dates?enrollment_id=${encodeURIComponent(id)}`);
      const r = await callApi(page, 'POST', '/api/v1/cart-checkout', { enrollment_id: id, effective_date: dates.body.data.result[0] });
      if (r.status !== 200) throw new Error(`cart-checkout: ${r.status} ${JSON.stringify(r.body)}`);
      await page.goto('about:blank');
    }

    let tempId = '';
    const pages: { name: string; path: string; before?: () => Promise<void>; keepStorage?: boolean }[] = [
      { name: 'home', path: '/' },
      // As a shopper reaches it: with a quote of this browser (its session cookie and tempId), the list priced for it.
      {
        name: 'plans',
        path: '/plans',
        keepStorage: true,
        before: async () => {
          await page.goto(url('/'));
          await newQuote(page);
          await page.goto('about:blank');
        },
      },
      { name: 'plans-without-quote', path: '/plans' },
      { name: 'plan', path: paths.plan(PLAN_IDS.dentalEssentials, plan.data.result.plan_name) },
      {
        name: 'cart',
        path: '/cart',
        keepStorage: true,
        before: async () => {
          tempId = await cartWithPlan();
          await page.goto('about:blank');
        },
      },
      {
        name: 'enrollment-personal-info',
        path: '/enrollment/personal-info',
        keepStorage: true,
        before: async () => {
          if (!tempId) tempId = await cartWithPlan();
          await checkOut(tempId);
        },
      },
    ];

    for (const p of pages.filter((x) => !filter || x.name.includes(filter))) {
      await p.before?.();
      const runs: Figures[] = [];
      const lhrs: any[] = [];
      for (let i = 0, retries = 0; i < RUNS; i++) {
        await cdp.send('Network.clearBrowserCache');
        const r = await lighthouse(url(p.path), {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: !!p.keepStorage,
        });
        if (!r) throw new Error(`no Lighthouse result for ${p.path}`);
        // A trace Lighthouse failed to record (NO_NAVSTART and the like) says nothing of the page: run again, twice at most.
        if (r.lhr.runtimeError && /NAVSTART|TRACE/.test(r.lhr.runtimeError.code) && retries < 2) {
          retries++;
          i--;
          console.warn(`  ${p.path}: ${r.lhr.runtimeError.code}, running again`);
          continue;
        }
        if (r.lhr.runtimeError) throw new Error(`${p.path}: ${r.lhr.runtimeError.code} ${r.lhr.runtimeError.message}`);
        if (r.lhr.finalDisplayedUrl !== url(p.path)) console.warn(`  ${p.path} ended at ${r.lhr.finalDisplayedUrl}`);
        if (process.env.LANTERN) printLcpGraphs();
        runs.push(figures(r.lhr));
        lhrs.push(r.lhr);
        const f = runs.at(-1)!;
        console.log(
          `  ${p.name} run ${i + 1}: perf ${f.performance}  a11y ${f.accessibility}  bp ${f.bestPractices}  LCP ${(f.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(f.tbtMs)} ms  CLS ${f.cls.toFixed(3)}  (host CPU benchmarkIndex ${Math.round(f.benchmarkIndex ?? 0)})`,
        );
      }
      const m = medianOf(runs);
      const medianRun = lhrs[runs.findIndex((r) => r.performance === m.performance)] ?? lhrs[0];
      results.push({ name: p.name, path: p.path, runs, median: m, shortfalls: shortfalls(medianRun) });
      if (process.env.FULL) {
        fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
        fs.writeFileSync(path.join(ROOT, `bench/results/lighthouse-report-${p.name}.json`), JSON.stringify(medianRun));
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
    await store.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `\nLighthouse ${RUNS > 1 ? `median of ${RUNS}` : '1 run'}, mobile defaults (goals: perf >= ${GOALS.performance}, a11y ${GOALS.accessibility}, best practices >= ${GOALS.bestPractices}, LCP <= ${GOALS.lcpMs / 1000} s, TBT <= ${GOALS.tbtMs} ms, CLS <= ${GOALS.cls})`,
  );
  console.log(
    `${'page'.padEnd(26)}${pad('perf', 6)}${pad('a11y', 6)}${pad('bp', 6)}${pad('LCP s', 8)}${pad('TBT ms', 8)}${pad('CLS', 7)}  goals`,
  );
  let missed = 0;
  for (const r of results) {
    const m = misses(r.median);
    missed += m.length;
    const f = r.median;
    console.log(
      `${r.path.slice(0, 25).padEnd(26)}${pad(f.performance, 6)}${pad(f.accessibility, 6)}${pad(f.bestPractices, 6)}${pad((f.lcpMs / 1000).toFixed(2), 8)}${pad(Math.round(f.tbtMs), 8)}${pad(f.cls.toFixed(3), 7)}  ${m.length ? m.join('; ') : 'met'}`,
    );
    for (const s of r.shortfalls.filter((x) => x.category !== 'performance' || m.length))
      console.log(`    ${s.category}: ${s.id} (${s.score}) ${s.title}${s.display ? ` — ${s.display}` : ''}`);
  }
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ lighthouse: '12', runs: RUNS, goals: GOALS, pages: results }, null, 2));
  console.log(`\n${missed ? `${missed} goal(s) missed` : 'every goal met'}; figures in ${path.relative(ROOT, file)}`);
  if (strict && missed) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
