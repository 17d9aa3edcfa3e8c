/**
 * npm run bench: the store's speed as a ratio against a bare Fastify hello-world measured in the same run.
 *
 * Builds the web app if apps/web/dist is missing and the server (apps/server/dist/server.js, as `npm start` runs it;
 * BENCH_SOURCE=1 runs apps/server/src/server.ts with tsx instead), starts the store (demo data, a fresh DATA_DIR in a
 * temporary folder) and bench/hello.ts as child processes, and loads them with autocannon from this
 * process over loopback. Rounds are interleaved (hello-world, then every scenario, at 10 and then 100
 * connections) and each figure is the median of the rounds. Prints a table and writes it as JSON to
 * bench/results/<timestamp>.json (ignored by git).
 *
 *   npm run bench                        5 s per run, 3 rounds (about 4 minutes)
 *   BENCH_QUICK=1 npm run bench          2 s per run, 3 rounds
 *   BENCH_SECONDS=10 BENCH_ROUNDS=5 npm run bench
 *   BENCH_ONLY=save-personal-info npm run bench      scenarios whose name contains this (hello-world always runs)
 *   BENCH_CONNECTIONS=10 npm run bench   only these connection counts (comma-separated)
 *   npm run bench -- --pg                PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test):
 *                                        two store processes on one fresh schema, load spread across both
 *   BENCH_PROFILE=/tmp/prof npm run bench  the store runs with node --cpu-prof, profiles written there on exit
 *
 * Besides req/s, p50, p99, errors and the ratio to hello-world, each line shows the CPU time the server process(es)
 * spent per request (from /proc; on PostgreSQL the database server's own time is not included): on a shared,
 * busy machine it moves far less than req/s.
 */
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, spawnStore } from '../apps/server/test/security/process.ts';
import { PERSONAL } from '../apps/server/test/enrollment/helpers.ts';
import { buildServer, startBuiltServer } from './lib/built-server.ts';
import { spawnHello } from './lib/hello-process.ts';
import { csrf, newQuote, QUOTE } from './lib/session.ts';
import { cpuMsOf, median, printTable, type Row } from './lib/table.ts';
import { UNLIMITED } from './lib/unlimited.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 2 : 5));
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,100').split(',').map(Number);
const PG = process.argv.includes('--pg') || process.env.BENCH_PG === '1';
/** The store as `npm start` runs it (apps/server/dist/server.js, built first); BENCH_SOURCE=1 runs the TypeScript source with tsx. */
const BUILT = process.env.BENCH_SOURCE !== '1';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * What Chromium sends with every fetch of the web app and that changes the answer: it accepts compressed bodies
 * (the store's JSON answers of 1 kB or more go out brotli-compressed; hello-world's 17 bytes never are).
 */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** What Chromium sends with the web app's fetch of the plan list (apps/web/src/lib/api-client.ts adds accept and accept-language). */
const WEB_FETCH = {
  accept: 'application/json',
  'accept-language': 'en',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Linux"',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
  connection: 'keep-alive',
};

/** autocannon takes several URLs (connections spread round-robin), though its types say one. */
type Options = Omit<autocannon.Options, 'url'> & { url: string | string[] };
interface Scenario {
  name: string;
  /** The autocannon options of one run against these base URLs. */
  options(urls: string[]): Options;
}

type Result = autocannon.Result;

async function run(opts: Options, connections: number, seconds: number): Promise<Result> {
  return autocannon({ duration: seconds, connections, ...opts } as autocannon.Options);
}

/** Every scenario with what it needs: a shopper's session owning quotes (one per connection for the writes). */
async function scenarios(base: string): Promise<Scenario[]> {
  const shopper = await csrf(base);
  const visitor = await csrf(base);
  const quote = await newQuote(base, shopper);
  const saver = await csrf(base);
  const savable: string[] = [];
  // A quote per connection for the save scenario only (new quotes per address are limited: 30 in 10 minutes).
  const saving = !process.env.BENCH_ONLY || 'save-personal-info'.includes(process.env.BENCH_ONLY);
  for (let i = 0; saving && i < Math.max(...CONNECTIONS); i++) savable.push(await newQuote(base, saver));
  // Reads are sent as the web app's fetches are: the browser's Accept-Encoding comes with every request.
  const get =
    (p: string, cookie?: string) =>
    (urls: string[]): Options => ({
      url: urls,
      headers: { ...BROWSER, ...(cookie ? { cookie } : {}) },
      requests: [{ method: 'GET' as const, path: p }],
    });
  const q = `enrollment_id=${encodeURIComponent(quote)}`;
  let next = 0;
  const all: Scenario[] = [
    // The plans page's own call after a quote (apps/web features/catalog/api quotePlansQuery: no categories chosen
    // yet; the list priced for the quote, decision 2380), with the headers Chromium sends with that fetch.
    {
      name: 'plans-page-list',
      options: (urls) => ({
        url: urls,
        headers: { ...WEB_FETCH, referer: `${urls[0]}/plans`, cookie: shopper.cookie },
        requests: [{ method: 'GET' as const, path: `/api/v1/get-quote-plans?${q}` }],
      }),
    },
    { name: 'get-plan-pricing-detail', options: get(`/api/v1/get-plan-pricing-detail?pid=101&${q}`, shopper.cookie) },
    // A visitor without a quote: the CSRF cookie the page handed out, no session.
    { name: 'get-common-menu', options: get('/api/v1/get-common-menu', visitor.cookie) },
    {
      name: 'add-filter-for-new-user',
      options: (urls) => ({
        url: urls,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/add-filter-for-new-user',
            headers: { 'content-type': 'application/json', cookie: shopper.cookie, 'x-csrf-token': shopper.token },
            body: JSON.stringify(QUOTE),
          },
        ],
      }),
    },
    {
      name: 'save-personal-info',
      // Each connection saves its own quote's step, as separate shoppers would.
      options: (urls) => ({
        url: urls,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/save-personal-info',
            headers: { 'content-type': 'application/json', cookie: saver.cookie, 'x-csrf-token': saver.token },
            setupRequest: (req, context) => {
              const ctx = context as { eid?: string };
              ctx.eid ??= savable[next++ % savable.length];
              return { ...req, body: JSON.stringify({ enrollment_id: ctx.eid, ...PERSONAL }) };
            },
          },
        ],
      }),
    },
  ];
  const only = process.env.BENCH_ONLY;
  return only ? all.filter((s) => s.name.includes(only)) : all;
}

function buildWebIfMissing() {
  if (fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) return;
  console.log('apps/web/dist is missing: building the web app …');
  execSync('npm run build -w @store/web', { cwd: ROOT, stdio: 'inherit' });
}

/** The store processes: one on a fresh PGlite DATA_DIR, or two sharing one fresh PostgreSQL schema. */
async function startStores(): Promise<{
  stores: { baseUrl: string; proc: { pid?: number }; stop(): Promise<unknown> }[];
  cleanup(): Promise<void>;
  label: string;
}> {
  const nodeArgs = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  // As `npm start` runs it: LOG_LEVEL info (every request logged), the log going to a file as a supervisor would keep it.
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-logs-'));
  const start = (env: Record<string, string>, n: number) =>
    BUILT
      ? startBuiltServer(env, { nodeArgs, logFile: path.join(logs, `store-${n}.log`), timeoutMs: 120_000 })
      : spawnStore(env, { nodeArgs });
  const common = { LOG_LEVEL: 'info', REQUESTS_PER_MINUTE: UNLIMITED };
  if (!PG) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
    const store = await start({ ...common, DATA_DIR: dataDir }, 1);
    return {
      stores: [store],
      label: 'embedded PGlite, one store process, LOG_LEVEL info',
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const env = { ...common, DATABASE_URL: url.toString(), DATA_KEY: crypto.randomBytes(32).toString('base64') };
  const first = await start(env, 1); // migrates and seeds; the second finds both done
  const second = await start(env, 2);
  return {
    stores: [first, second],
    label: `PostgreSQL, two store processes sharing schema ${schema}, LOG_LEVEL info`,
    cleanup: async () => {
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    },
  };
}

async function main() {
  buildWebIfMissing();
  if (BUILT) buildServer();
  const { stores, cleanup, label } = await startStores();
  const hello = await spawnHello();
  try {
    const urls = stores.map((s) => s.baseUrl);
    const list = await scenarios(urls[0]);
    console.log(
      `${label}; ${SECONDS} s per run, ${ROUNDS} rounds, connections ${CONNECTIONS.join(' and ')}, ${os.cpus().length} CPUs, node ${process.version}`,
    );
    const all: Scenario[] = [
      { name: 'hello-world', options: (u) => ({ url: u, headers: BROWSER, requests: [{ method: 'GET', path: '/' }] }) },
      ...list,
    ];
    const target = (s: Scenario) => (s.name === 'hello-world' ? [hello.baseUrl] : urls);
    const pids = (s: Scenario) => (s.name === 'hello-world' ? [hello.pid] : stores.map((x) => x.proc.pid!));
    const cpu = (s: Scenario) => pids(s).reduce((n, pid) => n + cpuMsOf(pid), 0);
    // Warm-up: JIT, caches and connection pools, not recorded.
    for (const s of all) await run(s.options(target(s)), 10, 1);
    const results = new Map<string, Result[]>();
    const cpuPerRequest = new Map<string, number[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const c of CONNECTIONS) {
        for (const s of all) {
          const cpuBefore = cpu(s);
          const r = await run(s.options(target(s)), c, SECONDS);
          const key = `${s.name}@${c}`;
          results.set(key, [...(results.get(key) ?? []), r]);
          cpuPerRequest.set(key, [...(cpuPerRequest.get(key) ?? []), (cpu(s) - cpuBefore) / Math.max(1, r.requests.total)]);
          process.stdout.write(
            `round ${round}/${ROUNDS} ${key.padEnd(32)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p99 ${r.latency.p99} ms  errors ${r.errors + r.timeouts + r.non2xx}\n`,
          );
        }
      }
    }
    const rows: Row[] = [];
    for (const c of CONNECTIONS) {
      const helloRps = median(results.get(`hello-world@${c}`)!.map((r) => r.requests.average));
      for (const s of all) {
        const rs = results.get(`${s.name}@${c}`)!;
        const rps = median(rs.map((r) => r.requests.average));
        rows.push({
          scenario: s.name,
          connections: c,
          rps: Math.round(rps),
          p50: median(rs.map((r) => r.latency.p50)),
          p99: median(rs.map((r) => r.latency.p99)),
          errors: rs.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
          ratio: Math.round((rps / helloRps) * 1000) / 1000,
          cpuMs: Math.round(median(cpuPerRequest.get(`${s.name}@${c}`)!) * 1000) / 1000,
          runs: rs.map((r) => Math.round(r.requests.average)),
        });
      }
    }
    printTable(rows);
    const dir = path.join(ROOT, 'bench/results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}${PG ? '-pg' : ''}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          database: label,
          seconds: SECONDS,
          rounds: ROUNDS,
          cpus: os.cpus().length,
          node: process.version,
          rows,
        },
        null,
        2,
      ),
    );
    console.log(`\nwritten to ${path.relative(ROOT, file)}`);
  } finally {
    await hello.stop();
    for (const s of stores) await s.stop();
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
