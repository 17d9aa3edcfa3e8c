/**
 * The store under load: the real server process (apps/server/src/server.ts, embedded database in a temporary
 * DATA_DIR) is hammered by autocannon from this, a second process, on loopback. Prints requests/s, latency
 * percentiles, errors and 503s for the home page's API calls, for quote-filter creation and for a shopper
 * browsing plans with server-side prices (list, plan detail, pricing, cart), the server's memory, and a run past
 * MAX_IN_FLIGHT that shows load shed with 503 while the store keeps answering.
 *
 *   npx tsx bench/load.ts                      (10 s per scenario, 50 connections)
 *   SECONDS=30 CONNECTIONS=100 npx tsx bench/load.ts
 *   DATABASE_URL=postgres://… DATA_KEY=… npx tsx bench/load.ts   (against PostgreSQL)
 *
 * On the embedded database the queries take turns on the server's one database thread (decision 0960), so extra
 * requests wait for it rather than pile up in flight and MAX_IN_FLIGHT seldom triggers (latency grows instead); on PostgreSQL the
 * overload scenario sheds most of the flood with 503 while the store keeps answering.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawnStore, type StoreProcess } from '../apps/server/test/security/process.ts';
import { csrf, newQuote } from './lib/session.ts';
import { UNLIMITED } from './lib/unlimited.ts';

const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const HOME_CALLS = [
  '/api/v1/site',
  '/api/v1/get-common-menu',
  '/api/v1/get-featured-plans',
  '/api/v1/get-default-info',
  '/api/auth/me',
  '/api/v1/get-states',
];

function rssMb(pid: number | undefined): string {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return `${(kb / 1024).toFixed(0)} MB`;
  } catch {
    return 'n/a';
  }
}

type Result = autocannon.Result & { statusCodeStats?: Record<string, { count: number }> };

function report(name: string, r: Result, store: StoreProcess) {
  const codes = Object.entries(r.statusCodeStats ?? {})
    .map(([k, v]) => `${k}:${v.count}`)
    .join(' ');
  console.log(
    [
      `${name}`,
      `  requests/s  avg ${r.requests.average.toFixed(0)}  p50 ${r.requests.p50}  min ${r.requests.min}   total ${r.requests.total}`,
      `  latency ms  p50 ${r.latency.p50}  p90 ${r.latency.p90}  p97.5 ${r.latency.p97_5}  p99 ${r.latency.p99}  max ${r.latency.max}`,
      `  errors ${r.errors}  timeouts ${r.timeouts}  non-2xx ${r.non2xx}  503 ${r.statusCodeStats?.['503']?.count ?? 0}  status codes ${codes}`,
      `  server memory (RSS) ${rssMb(store.proc.pid)}`,
    ].join('\n'),
  );
}

async function run(opts: autocannon.Options): Promise<Result> {
  return (await autocannon({ duration: SECONDS, connections: CONNECTIONS, ...opts })) as Result;
}

async function healthy(store: StoreProcess) {
  const h = await fetch(`${store.baseUrl}/healthz`);
  const { cookie, token } = await csrf(store.baseUrl);
  const q = await fetch(`${store.baseUrl}/api/v1/add-filter-for-new-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
    body: JSON.stringify({ zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' }),
  });
  const body = (await q.json()) as { data?: { temp_enrollment_id?: string } };
  const ok = h.status === 200 && q.status === 200 && /^[0-9a-f-]{36}$/.test(body.data?.temp_enrollment_id ?? '');
  console.log(`  afterwards: /healthz ${h.status}, a new quote ${q.status}: ${ok ? 'answers correctly' : 'NOT CORRECT'}`);
  return ok;
}

async function withStore(env: Record<string, string>, fn: (s: StoreProcess) => Promise<void>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const store = await spawnStore({ DATA_DIR: dataDir, LOG_LEVEL: 'error', REQUESTS_PER_MINUTE: UNLIMITED, ...env });
  try {
    await fn(store);
  } finally {
    await store.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `${SECONDS} s per scenario, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}`,
  );
  let ok = true;
  await withStore(
    process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATA_KEY: process.env.DATA_KEY ?? '' } : {},
    async (store) => {
      console.log(`server memory at start ${rssMb(store.proc.pid)}`);
      const home = await run({ url: store.baseUrl, requests: HOME_CALLS.map((p) => ({ method: 'GET' as const, path: p })) });
      report(`home page API calls (${HOME_CALLS.join(', ')})`, home, store);
      const { cookie, token } = await csrf(store.baseUrl);
      const quote = await run({
        url: `${store.baseUrl}/api/v1/add-filter-for-new-user`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
        body: JSON.stringify({ zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' }),
      });
      report('quote filter creation (POST add-filter-for-new-user)', quote, store);

      // One shopper's session with a quote: the plans page's one call (get-quote-plans: the list priced for the quote, as
      // the web app asks it, decision 2380), a plan's description, its server-side prices, the cart.
      const shopper = await csrf(store.baseUrl);
      const tempId = await newQuote(store.baseUrl, shopper, { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IS' });
      const q = `enrollment_id=${encodeURIComponent(tempId)}`;
      const BROWSE = [
        `/api/v1/get-quote-plans?${q}`,
        '/api/v1/get-plan-detail/101',
        `/api/v1/get-plan-pricing-detail?pid=101&${q}`,
        `/api/v1/get-plan-pricing-detail?pid=201&${q}`,
        `/api/v1/get-plan-cart?${q}`,
      ];
      const browse = await run({
        url: store.baseUrl,
        headers: { cookie: shopper.cookie },
        requests: BROWSE.map((p) => ({ method: 'GET' as const, path: p })),
      });
      report("plan browsing with prices (the plans page's get-quote-plans, plan detail, pricing of two plans, cart)", browse, store);
      if (browse.non2xx > 0) {
        console.log('  plan browsing answered non-2xx: NOT CORRECT');
        ok = false;
      }
      ok = (await healthy(store)) && ok;
    },
  );
  const limit = 4;
  const dbEnv: Record<string, string> = process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL, DATA_KEY: process.env.DATA_KEY ?? '' }
    : {};
  await withStore({ ...dbEnv, MAX_IN_FLIGHT: String(limit) }, async (store) => {
    const { cookie, token } = await csrf(store.baseUrl);
    const flood = await run({
      url: store.baseUrl,
      connections: Math.max(CONNECTIONS, 200),
      requests: [
        ...HOME_CALLS.map((p) => ({ method: 'GET' as const, path: p })),
        {
          method: 'POST' as const,
          path: '/api/v1/add-filter-for-new-user',
          headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
          body: JSON.stringify({ zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' }),
        },
      ],
    });
    report(`overload: ${Math.max(CONNECTIONS, 200)} connections against MAX_IN_FLIGHT=${limit} (503 = shed)`, flood, store);
    ok = (await healthy(store)) && ok;
  });
  if (!ok) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
