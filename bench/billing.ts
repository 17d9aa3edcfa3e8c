/**
 * The billing run at scale (issue 36, "Speed"): ENROLLMENTS active enrollments (default 100,000; one in ten paying by
 * bank, the rest by card, all on bill day 28) are seeded with set-based SQL, then the billing day 12/28/2026 is run
 * as `npm run billing -- --date` runs it: their payments added page by page, the cards charged through the offline
 * provider, the debits written into one NACHA file. Prints charges per second and the memory (RSS and heap) every
 * 10,000 charges: it must finish in under 60 s, and the memory must not grow with the number of enrollments (the run
 * holds one page of enrollments or one batch of payments at a time, never the whole day).
 *
 *   npx tsx bench/billing.ts                 embedded database (PGlite) in a temporary DATA_DIR, one process
 *   npx tsx bench/billing.ts --pg            PostgreSQL at DATABASE_URL or TEST_DATABASE_URL, in a new schema
 *                                            (dropped afterwards), the same day run by two processes at once
 *   ENROLLMENTS=20000 npx tsx bench/billing.ts
 *
 * Afterwards it checks what the run must guarantee: every enrollment has exactly one payment for the period and one
 * ledger payment (a card's charge, or a debit in the NACHA file), whatever the number of processes.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { openDb, type DbOptions } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { paymentContext } from '../apps/server/src/db/sealed-columns.ts';
import { parseKeyring, Sealer } from '../apps/server/src/lib/crypto.ts';
import { runBillingDay } from '../apps/server/src/modules/billing/index.ts';
import { LocalOfflineProvider } from '../apps/server/src/modules/enrollment/payment/payment-provider.ts';

const ENROLLMENTS = Number(process.env.ENROLLMENTS ?? 100_000);
const DAY = '2026-12-28';
const GOAL_S = 60;
const BATCH = 10_000;
const EVERY = 10_000;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const memory = () => {
  const m = process.memoryUsage();
  return `rss ${mb(m.rss)}, heap ${mb(m.heapUsed)}`;
};

/** Where the data goes: a temporary PGlite folder, or a new schema of a PostgreSQL database. */
function database(usePg: boolean): { label: string; db: DbOptions; drop(): Promise<void> } {
  if (!usePg) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-billing-'));
    return { label: 'embedded PGlite', db: { dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('--pg needs DATABASE_URL or TEST_DATABASE_URL');
  const schema = `billing_${crypto.randomBytes(4).toString('hex')}`;
  return {
    label: `PostgreSQL (schema ${schema})`,
    db: { databaseUrl: url, schema },
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    },
  };
}

/**
 * `count` completed enrollments with their member's saved method and billing record, as completion leaves them: enrolled
 * 11/28/2026, coverage from 12/01/2026, $31.99 a month on the 28th, the first payment made. Every tenth pays by bank.
 */
async function seed(db: Kysely<Database>, sealer: Sealer, count: number) {
  const offline = new LocalOfflineProvider();
  const t = await offline.tokenizeCard({
    number: '4242424242424242',
    securityCode: '123',
    expMonth: '12',
    expYear: '2031',
    name: 'Jane Doe',
  });
  if (!t.ok) throw new Error('not tokenized');
  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(count, start + BATCH - 1);
    await sql`
      insert into member_payment_methods (id, user_id, kind, card_brand, card_last4, card_token, account_name, bank_name,
                                          account_last4, routing_last4, account_type, account_holder_type)
      select i, 5000000 + i, case when i % 10 = 0 then 'bank' else 'card' end,
             case when i % 10 = 0 then null else 'Visa' end, case when i % 10 = 0 then null else '4242' end,
             case when i % 10 = 0 then null else ${t.token} end,
             'Jane Doe', 'Test Bank', lpad((i % 10000)::text, 4, '0'), '0021', 'checking', 'individual'
      from generate_series(${start}::int, ${end}::int) as i`.execute(db);
    // Bank numbers are sealed per row (bound to the row's id): sealed here, written in one statement.
    const banks: { id: number; account: string; routing: string }[] = [];
    for (let i = Math.ceil(start / 10) * 10; i <= end; i += 10)
      banks.push({
        id: i,
        account: sealer.seal(String(100000000 + i), paymentContext(i, 'account_number_enc')),
        routing: sealer.seal('021000021', paymentContext(i, 'routing_number_enc')),
      });
    if (banks.length)
      await sql`
        update member_payment_methods m set account_number_enc = b.account, routing_number_enc = b.routing
        from jsonb_to_recordset(${JSON.stringify(banks)}::jsonb) as b(id int, account text, routing text) where m.id = b.id`.execute(db);
    await sql`
      insert into enrollments (id, user_id, type, eprocess, status, filter_info, tabs, created_at, completed_at)
      select md5('billing-' || i)::uuid::text, 5000000 + i, 'new-member', 'member', 'completed', '{}'::jsonb, '{}'::jsonb,
             timestamptz '2026-11-28 15:00:00+00', timestamptz '2026-11-28 15:00:00+00'
      from generate_series(${start}::int, ${end}::int) as i`.execute(db);
    await sql`
      insert into billing_records (enrollment_id, payment_method, payment_label, lines, admin_fee_cents, initial_cents,
                                   recurring_cents, bill_day, first_charge_on, starts_on, recurring_from, payment_method_id)
      select md5('billing-' || i)::uuid::text, case when i % 10 = 0 then 'eft' else 'cc' end,
             case when i % 10 = 0 then 'EFT, Test Bank' else 'Visa card ending 4242' end,
             '[{"kind":"plan","plan_id":1,"label":"Dental","monthly_cents":2699,"admin_fee_cents":0},{"kind":"membership","plan_id":null,"label":"Association membership fee","monthly_cents":500,"admin_fee_cents":0}]'::jsonb,
             0, 3199, 3199, 28, date '2026-11-28', date '2026-12-01', date '2026-12-28', i
      from generate_series(${start}::int, ${end}::int) as i`.execute(db);
  }
  await sql`select setval(pg_get_serial_sequence('member_payment_methods', 'id'), ${count}::int)`.execute(db);
  for (const table of ['member_payment_methods', 'enrollments', 'billing_records']) await sql`analyze ${sql.table(table)}`.execute(db);
}

/** One process's run of the day: charges counted, memory printed every EVERY charges. */
async function runDay(db: Kysely<Database>, sealer: Sealer, achOutDir: string, who: string) {
  const offline = new LocalOfflineProvider();
  let charges = 0;
  const t0 = performance.now();
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 250);
  const provider = {
    charge: (token: string, cents: number, key: string) => {
      charges++;
      if (charges % EVERY === 0) {
        sample();
        console.log(`${who}${charges.toLocaleString('en-US')} charges, ${((performance.now() - t0) / 1000).toFixed(1)} s, ${memory()}`);
      }
      return offline.charge(token, cents, key);
    },
  };
  try {
    const f = await runBillingDay({ db, sealer, provider, achOutDir }, DAY);
    const s = (performance.now() - t0) / 1000;
    sample();
    return { figures: f, seconds: s, charges, peakRss, peakHeap };
  } finally {
    clearInterval(timer);
  }
}

const openBench = (opts: DbOptions) => openDb(opts);

/** A second process of the PostgreSQL run: `--worker <schema> <key> <dir>`, prints its figures as JSON on its last line. */
async function worker(schema: string, key: string, dir: string) {
  const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL!;
  const handle = await openBench({ databaseUrl: url, schema });
  try {
    const r = await runDay(handle.db, new Sealer(parseKeyring(key)), dir, `[worker ${process.pid}] `);
    console.log(JSON.stringify({ seconds: r.seconds, charges: r.charges, peakRss: r.peakRss, peakHeap: r.peakHeap, figures: r.figures }));
  } finally {
    await handle.close();
  }
}

function spawnWorker(
  schema: string,
  key: string,
  dir: string,
): Promise<{ seconds: number; charges: number; peakRss: number; peakHeap: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--worker', schema, key, dir], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const l of lines) {
        if (l.startsWith('{')) resolve(JSON.parse(l));
        else console.log(l);
      }
    });
    child.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`worker exited ${code}`))));
  });
}

async function main() {
  const usePg = process.argv.includes('--pg');
  const key = crypto.randomBytes(32).toString('base64');
  const sealer = new Sealer(parseKeyring(key));
  const target = database(usePg);
  const achOutDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-billing-ach-'));
  const handle = await openBench(target.db);
  try {
    const t0 = performance.now();
    await migrateToLatest(handle.db);
    await seed(handle.db, sealer, ENROLLMENTS);
    console.log(
      `${target.label}: ${ENROLLMENTS.toLocaleString('en-US')} active enrollments seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${memory()}`,
    );
    const started = performance.now();
    let charges: number;
    let rss: number;
    let heap: number;
    if (!usePg) {
      const r = await runDay(handle.db, sealer, achOutDir, '');
      charges = r.charges;
      rss = r.peakRss;
      heap = r.peakHeap;
    } else {
      const schema = target.db.schema!;
      const both = await Promise.all([spawnWorker(schema, key, achOutDir), spawnWorker(schema, key, achOutDir)]);
      charges = both.reduce((a, w) => a + w.charges, 0);
      rss = Math.max(...both.map((w) => w.peakRss));
      heap = Math.max(...both.map((w) => w.peakHeap));
      for (const w of both) console.log(`a process: ${w.charges.toLocaleString('en-US')} charges in ${w.seconds.toFixed(1)} s`);
    }
    const seconds = (performance.now() - started) / 1000;
    const check = (
      await sql<{ payments: number; enrollments: number; paid: number; ledger_payments: number; debits: number; files: number }>`
        select (select count(*) from premium_payments)::int as payments,
               (select count(distinct enrollment_id) from premium_payments where period = '2027-01')::int as enrollments,
               (select count(*) from premium_payments where status = 'succeeded')::int as paid,
               (select count(*) from ledger_entries where kind = 'payment')::int as ledger_payments,
               (select count(*) from premium_payments where method = 'eft' and ach_file_id is not null)::int as debits,
               (select count(*) from ach_files)::int as files`.execute(handle.db)
    ).rows[0];
    const cards = ENROLLMENTS - Math.floor(ENROLLMENTS / 10);
    const ok =
      check.payments === ENROLLMENTS &&
      check.enrollments === ENROLLMENTS &&
      charges === cards &&
      check.paid === cards &&
      check.ledger_payments === ENROLLMENTS &&
      check.debits === ENROLLMENTS - cards &&
      check.files === 1;
    console.log(
      `Billing day ${DAY} over ${ENROLLMENTS.toLocaleString('en-US')} enrollments${usePg ? ' by two processes' : ''}: ` +
        `${seconds.toFixed(1)} s, ${charges.toLocaleString('en-US')} card charges (${Math.round(charges / seconds).toLocaleString('en-US')} a second), ` +
        `${check.debits.toLocaleString('en-US')} debits in ${check.files} NACHA file; peak ${mb(rss)} RSS, ${mb(heap)} heap (per process)`,
    );
    console.log(
      `Exactly once: ${check.payments.toLocaleString('en-US')} payments for ${check.enrollments.toLocaleString('en-US')} enrollments, ` +
        `${check.ledger_payments.toLocaleString('en-US')} ledger payments: ${ok ? 'ok' : 'WRONG'}. Goal: under ${GOAL_S} s: ${seconds < GOAL_S ? 'met' : 'NOT met'}.`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await handle.close();
    await target.drop();
    fs.rmSync(achOutDir, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--worker');
if (at >= 0) await worker(process.argv[at + 1], process.argv[at + 2], process.argv[at + 3]);
else await main();
