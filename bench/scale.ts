/**
 * The store at scale: 100,000 enrollments (a third with three plans in the cart) and 1,000 plans with rate tables
 * are seeded (bench/lib/scale-seed.ts) beside the demo data, then the built store (node apps/server/dist/server.js,
 * as `npm start` runs it) is timed through HTTP: the plan list of a quote, the cart of a quote with five plans and
 * the operator console's enrollment search. Each call runs REQUESTS times one after another (one user), then
 * REQUESTS times spread over CONNECTIONS concurrent clients; prints p50 and p95 of each. Goal (issue 11): p95 at
 * most 100 ms.
 *
 *   npx tsx bench/scale.ts                     embedded database (PGlite) in a temporary DATA_DIR
 *   npx tsx bench/scale.ts --pg                PostgreSQL at DATABASE_URL or TEST_DATABASE_URL, in a new schema
 *                                              (dropped afterwards)
 *   ENROLLMENTS=20000 PLANS=200 REQUESTS=50 CONNECTIONS=8 npx tsx bench/scale.ts
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { createStore } from '../apps/server/src/bootstrap.ts';
import type { DbOptions } from '../apps/server/src/db/client.ts';
import { DEMO, TestClient, type TestResponse } from '../apps/server/test/helpers/client.ts';
import { buildServer, startBuiltServer } from './lib/built-server.ts';
import { SCALE_PLAN_ID_BASE, seedScaleEnrollments, seedScalePlans } from './lib/scale-seed.ts';
import { UNLIMITED } from './lib/unlimited.ts';

const ENROLLMENTS = Number(process.env.ENROLLMENTS ?? 100_000);
const PLANS = Number(process.env.PLANS ?? 1_000);
const REQUESTS = Number(process.env.REQUESTS ?? 100);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);
const GOAL_MS = 100;
const CART_PLANS = 5;

const ms = (x: number) => x.toFixed(1);
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/** Where the data goes: a temporary PGlite folder, or a new schema of a PostgreSQL database. */
function database(usePg: boolean, dataKey: string): { label: string; db: DbOptions; env: Record<string, string>; drop(): Promise<void> } {
  if (!usePg) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
    return {
      label: 'embedded PGlite',
      db: { dataDir },
      env: { DATA_DIR: dataDir, DATA_KEY: dataKey },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('--pg needs DATABASE_URL or TEST_DATABASE_URL');
  const schema = `scale_${crypto.randomBytes(4).toString('hex')}`;
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    label: `PostgreSQL (schema ${schema})`,
    db: { databaseUrl: url, schema },
    env: { DATABASE_URL: withSchema.toString(), DATA_KEY: dataKey },
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    },
  };
}

interface Case {
  label: string;
  call: () => Promise<TestResponse>;
  /** what the answer holds, for the table (e.g. "1,014 plans") */
  size: (r: TestResponse) => string;
}

async function timeCall(c: Case, times: number, connections: number): Promise<number[]> {
  const out: number[] = [];
  let left = times;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (left-- > 0) {
        const start = performance.now();
        const r = await c.call();
        out.push(performance.now() - start);
        if (r.status !== 200) throw new Error(`${c.label}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      }
    }),
  );
  return out;
}

async function main() {
  const usePg = process.argv.includes('--pg');
  const dataKey = crypto.randomBytes(32).toString('base64');
  const target = database(usePg, dataKey);
  buildServer();
  try {
    // Seed in this process: migrations and demo data as on a first start, then the scale rows.
    const t0 = performance.now();
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_KEY: dataKey } as NodeJS.ProcessEnv);
    const seeding = await createStore(config, { db: target.db, logger: false });
    await seedScalePlans(seeding.app.db, PLANS);
    await seedScaleEnrollments(seeding.app.db, ENROLLMENTS, { cartPlans: PLANS });
    const counts = await sql<{ plans: number; rates: number; enrollments: number; cart_items: number }>`
      select (select count(*) from plans)::int as plans, (select count(*) from plan_rates)::int as rates,
             (select count(*) from enrollments)::int as enrollments, (select count(*) from cart_items)::int as cart_items`.execute(
      seeding.app.db,
    );
    const sample = (
      await sql<{ last_name: string; confirmation_number: string }>`
        select tabs->'primary_info'->>'last_name' as last_name, confirmation_number from enrollments
        where confirmation_number is not null order by created_at desc offset ${Math.floor(ENROLLMENTS / 25)} limit 1`.execute(
        seeding.app.db,
      )
    ).rows[0];
    await seeding.close();
    const n = counts.rows[0];
    console.log(
      `${target.label}: ${n.plans.toLocaleString('en-US')} plans, ${n.rates.toLocaleString('en-US')} rates, ${n.enrollments.toLocaleString('en-US')} enrollments, ${n.cart_items.toLocaleString('en-US')} cart rows, seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const store = await startBuiltServer({ ...target.env, REQUESTS_PER_MINUTE: UNLIMITED });
    try {
      // A shopper's quote (age 45, member only) with five scale plans, priced and added as the web app does.
      const shopper = new TestClient(store.baseUrl);
      const quote = await shopper.post('/api/v1/add-filter-for-new-user', {
        zip: '10001',
        dob: '01/15/1980',
        gender: '1',
        tier: 'IO',
        eprocess: 'applicant',
      });
      if (quote.status !== 200) throw new Error(`quote: ${quote.status} ${JSON.stringify(quote.body)}`);
      const enrollment_id: string = quote.body.data.temp_enrollment_id;
      for (let i = 1; i <= CART_PLANS; i++) {
        const pid = SCALE_PLAN_ID_BASE + i;
        const price = await shopper.get('/api/v1/get-plan-pricing-detail', { pid, enrollment_id });
        const card = price.body.data?.plans?.[0];
        if (!card) throw new Error(`pricing of plan ${pid}: ${JSON.stringify(price.body).slice(0, 300)}`);
        const added = await shopper.post('/api/v1/add-plan-to-cart', {
          enrollment_id,
          plan_id: pid,
          plan_pricing_id: card.plan_pricing_id,
        });
        if (added.status !== 200) throw new Error(`add-plan-to-cart ${pid}: ${added.status} ${JSON.stringify(added.body)}`);
      }
      const operator = new TestClient(store.baseUrl);
      await operator.signIn(DEMO.operator.email, DEMO.operator.password);
      const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

      const items = (r: TestResponse) => `${(r.body.data.result as unknown[]).length.toLocaleString('en-US')} plans`;
      const found = (r: TestResponse) => `${(r.body.data.total as number).toLocaleString('en-US')} found`;
      const cartCalls = () => [
        shopper.get('/api/v1/get-plan-cart', { enrollment_id }),
        shopper.get('/api/v1/get-cart-count', { enrollment_id }),
        shopper.get('/api/v1/get-cart-effective-dates', { enrollment_id }),
        shopper.get('/api/v1/check-prudential-cart', { enrollment_id }),
        shopper.get('/api/v1/get-enrollment-temp-info', { enrollment_id, column: 'effective_date' }),
      ];
      const groups: [string, Case[]][] = [
        [
          'plan list',
          [
            // The plans page's one call after a quote (decision 2380): the list priced for the quote, as the web app asks it.
            {
              label: 'get-quote-plans, every category (the plans page)',
              call: () => shopper.get('/api/v1/get-quote-plans', { enrollment_id }),
              size: items,
            },
            {
              label: 'get-quote-plans, dental',
              call: () => shopper.get('/api/v1/get-quote-plans', { enrollment_id, categories: 'dental' }),
              size: items,
            },
            {
              label: 'get-plan-pricing-detail (a plan page)',
              call: () => shopper.get('/api/v1/get-plan-pricing-detail', { pid: SCALE_PLAN_ID_BASE + 500, enrollment_id }),
              size: () => '1 price',
            },
          ],
        ],
        [
          `cart of ${CART_PLANS} plans`,
          [
            {
              label: 'get-plan-cart',
              call: () => shopper.get('/api/v1/get-plan-cart', { enrollment_id }),
              size: (r) => `${r.body.data.result.length} rows`,
            },
            {
              label: 'the cart page: its 5 calls at once',
              call: async () => {
                const rs = await Promise.all(cartCalls());
                return rs.find((r) => r.status !== 200) ?? rs[0];
              },
              size: () => '5 answers',
            },
          ],
        ],
        [
          'console enrollment search',
          [
            { label: 'first page (newest 25)', call: () => operator.get('/api/admin/enrollments', { limit: 25 }), size: found },
            {
              label: 'status completed',
              call: () => operator.get('/api/admin/enrollments', { status: 'completed', limit: 25 }),
              size: found,
            },
            {
              label: 'quotes of the last 7 days',
              call: () => operator.get('/api/admin/enrollments', { status: 'quote', from: daysAgo(7), to: daysAgo(0), limit: 25 }),
              size: found,
            },
            {
              label: `last name prefix "${sample.last_name.slice(0, 4)}"`,
              call: () => operator.get('/api/admin/enrollments', { q: sample.last_name.slice(0, 4), limit: 25 }),
              size: found,
            },
            {
              label: `confirmation number ${sample.confirmation_number}`,
              call: () => operator.get('/api/admin/enrollments', { q: sample.confirmation_number, limit: 25 }),
              size: found,
            },
            {
              label: 'page 400 (offset 9,975)',
              call: () => operator.get('/api/admin/enrollments', { limit: 25, offset: 9975 }),
              size: found,
            },
            {
              // Pages the process has not served yet: no remembered start (PGlite), so OFFSET reads the rows before.
              label: 'a page among 201-400 at random',
              call: () => operator.get('/api/admin/enrollments', { limit: 25, offset: 25 * (200 + Math.floor(Math.random() * 200)) }),
              size: found,
            },
          ],
        ],
      ];

      const load = os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
      console.log(
        `${os.cpus().length} CPU(s), load average ${load}; ${REQUESTS} requests per call, one at a time and over ${CONNECTIONS} connections; goal p95 <= ${GOAL_MS} ms\n`,
      );
      console.log(
        `${'call'.padEnd(40)} ${'answer'.padStart(13)}  ${'1 conn p50'.padStart(10)} ${'p95'.padStart(6)}  ${`${CONNECTIONS} conn p50`.padStart(10)} ${'p95'.padStart(6)}  goal`,
      );
      let missed = 0;
      for (const [group, cases] of groups) {
        console.log(group);
        for (const c of cases) {
          const first = await c.call();
          if (first.status !== 200) throw new Error(`${c.label}: HTTP ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
          await timeCall(c, 5, 1); // warm-up
          const one = await timeCall(c, REQUESTS, 1);
          const many = await timeCall(c, REQUESTS, CONNECTIONS);
          const p95 = Math.max(percentile(one, 95), percentile(many, 95));
          if (p95 > GOAL_MS) missed++;
          console.log(
            `  ${c.label.padEnd(38)} ${c.size(first).padStart(13)}  ${ms(percentile(one, 50)).padStart(10)} ${ms(percentile(one, 95)).padStart(6)}  ${ms(percentile(many, 50)).padStart(10)} ${ms(percentile(many, 95)).padStart(6)}  ${p95 <= GOAL_MS ? 'met' : 'MISSED'}`,
          );
        }
      }
      console.log(`\n${missed ? `${missed} call(s) missed` : 'every call met'} the goal (p95 <= ${GOAL_MS} ms).`);
    } finally {
      await store.stop();
    }
  } finally {
    await target.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
