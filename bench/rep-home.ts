/**
 * The rep's home at scale (issue 24): a fresh embedded (PGlite) store, 100,000 enrollments of the demo rep's account
 * (80% in progress with a saved step, 10% completed this month with their monthly amount, 10% quotes only), 5,000
 * quotes sent and 20,000 reminder mails, plus 20,000 enrollments of other accounts. Then the calls /agent-home
 * really makes, through HTTP as the signed-in rep, each timed RUNS times: p50 and p99 in ms. Prints figures; it is
 * not a timed test.
 *
 *   npx tsx bench/rep-home.ts                 (100,000 enrollments)
 *   ENROLLMENTS=20000 RUNS=20 npx tsx bench/rep-home.ts
 *   TEST_DATABASE_URL=postgres://… DB=postgres npx tsx bench/rep-home.ts   (the same on PostgreSQL)
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.ts';
import { startTestStore } from '../apps/server/test/helpers/store.ts';
import { DEMO } from '../apps/server/test/helpers/client.ts';

const COUNT = Number(process.env.ENROLLMENTS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 50);
const DB = process.env.DB === 'postgres' ? 'postgres' : 'pglite';
const BATCH = 10_000;

const FIRST = ['Avery', 'Blake', 'Casey', 'Devon', 'Emery', 'Finley', 'Gray', 'Harper', 'Indigo', 'Jordan', 'Kai', 'Logan', 'Morgan'];
const LAST = ['Alvarez', 'Brooks', 'Chen', 'Diaz', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Ibarra', 'Jensen', 'Kim', 'Lopez', 'Moreno'];
const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);
const KEYS = ['primary_info', 'contact_info', 'employer_info', 'benificiary_info', 'health_info'];

/** `count` enrollments of `account` (i from `from`), one a minute back from now, set-based. */
async function seed(db: Kysely<Database>, account: number | null, from: number, count: number) {
  for (let start = from; start < from + count; start += BATCH) {
    const end = Math.min(from + count - 1, start + BATCH - 1);
    await sql`
      insert into enrollments (id, account_id, agent_id, type, eprocess, status, filter_info, tabs, saved_tab, resume_email,
                               confirmation_number, created_at, updated_at, completed_at)
      select md5('rep-home-' || i)::uuid::text, ${account}, 20001, 'new-member', 'rep',
        case when i % 10 = 0 then 'completed' when i % 10 = 1 then 'quote' else 'checked_out' end,
        '{}'::jsonb,
        case when i % 10 = 1 then '{}'::jsonb else jsonb_build_object(
          'primary_info', jsonb_build_object('first_name', (${arr(FIRST)})[1 + i % ${FIRST.length}],
                                             'last_name', (${arr(LAST)})[1 + (i / 7) % ${LAST.length}] || (i % 97)::text)) end,
        case when i % 3 = 0 then (${arr(KEYS)})[1 + i % ${KEYS.length}] end,
        case when i % 3 = 0 then 'person' || i || '@example.org' end,
        case when i % 10 = 0 then 'RH-' || lpad(i::text, 8, '0') end,
        now() - make_interval(mins => i), now() - make_interval(mins => i),
        case when i % 10 = 0 then now() - make_interval(secs => i % 86400) end
      from generate_series(${start}::int, ${end}::int) as i`.execute(db);
  }
}

/** EXPLAIN=1: the plans of a list's page and count (in-progress and completed), to see which index serves them. */
async function explain(db: Kysely<Database>, rep: number) {
  const IN_PROGRESS = sql`account_id = ${rep} and status <> 'completed' and tabs <> '{}'::jsonb`;
  const queries = [
    sql`select id, updated_at from enrollments where ${IN_PROGRESS} order by updated_at desc, id desc limit 10`,
    sql`select count(*) from enrollments where ${IN_PROGRESS}`,
    sql`select id from enrollments where ${IN_PROGRESS} and (lower(tabs->'primary_info'->>'last_name') like 'mor%' or lower(tabs->'primary_info'->>'first_name') like 'mor%') order by updated_at desc, id desc limit 10`,
    sql`select count(*), sum(b.recurring_cents) from enrollments e left join billing_records b on b.enrollment_id = e.id
        where e.account_id = ${rep} and e.status = 'completed' and e.completed_at >= date_trunc('month', now())`,
  ];
  for (const q of queries) {
    const r = await sql<{ 'QUERY PLAN': string }>`explain analyze ${q}`.execute(db);
    console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'), '\n');
  }
}

async function main() {
  const t0 = performance.now();
  const store = await startTestStore(DB);
  console.log(`store (${DB}) ready in ${(performance.now() - t0).toFixed(0)} ms`);
  try {
    const db = store.db;
    const rep = (await db.selectFrom('accounts').select('id').where('email', '=', DEMO.rep.email).executeTakeFirstOrThrow()).id;
    const t1 = performance.now();
    await seed(db, rep, 1, COUNT);
    await seed(db, null, COUNT + 1, Math.round(COUNT / 5));
    await sql`
      insert into billing_records (enrollment_id, payment_method, payment_label, lines, admin_fee_cents, initial_cents, recurring_cents,
                                   bill_day, first_charge_on, starts_on, recurring_from)
      select id, 'card', 'Card ending 4242', '[]'::jsonb, 0, 2599, 2099 + (length(id) % 7) * 100, 1, current_date, current_date, current_date
      from enrollments where account_id = ${rep} and status = 'completed'`.execute(db);
    await sql`
      insert into quotes (enrollment_id, account_id, to_name, to_email, tab, data, html, created_at)
      select md5('rep-home-' || i)::uuid::text, ${rep}, (${arr(FIRST)})[1 + i % ${FIRST.length}] || ' ' || i, 'quote' || i || '@example.org',
             'cart_info', '{}'::jsonb, '<p>quote</p>', now() - make_interval(mins => i)
      from generate_series(1, ${Math.min(5000, COUNT)}::int) as i`.execute(db);
    await sql`
      insert into outbox (kind, to_address, subject, html, text, enrollment_id, status, sent_at, created_at)
      select 'enrollment-reminder', 'person' || i || '@example.org', 'Your enrollment is waiting for you', '', '',
             md5('rep-home-' || i)::uuid::text, 'sent', now() - make_interval(mins => i), now() - make_interval(mins => i)
      from generate_series(1, ${COUNT}::int) as i where i % 5 = 3`.execute(db);
    for (const t of ['enrollments', 'billing_records', 'quotes', 'outbox']) await sql`analyze ${sql.table(t)}`.execute(db);
    console.log(
      `seeded ${COUNT.toLocaleString('en-US')} enrollments of the rep (+ others) in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );

    if (process.env.EXPLAIN) await explain(db, rep);
    const c = store.client();
    await c.signIn(DEMO.rep.email, DEMO.rep.password);
    const base = '/api/v1/rep-home';
    // The calls of /agent-home: each list's first page (on load), a search as typed, far pages, and a CSV download.
    const cases: [string, string, Record<string, unknown>][] = [
      ['in progress, page 1', `${base}/in-progress`, { page: 1, limit: 10 }],
      ['in progress, page 4,000 (offset 39,990)', `${base}/in-progress`, { page: 4000, limit: 10 }],
      ['in progress, search "harp" (a first name)', `${base}/in-progress`, { q: 'harp', page: 1, limit: 10 }],
      ['in progress, search "mor" (first or last)', `${base}/in-progress`, { q: 'mor', page: 1, limit: 10 }],
      ['in progress, search "casey chen4"', `${base}/in-progress`, { q: 'casey chen4', page: 1, limit: 10 }],
      ['in progress, search "nobody"', `${base}/in-progress`, { q: 'nobody', page: 1, limit: 10 }],
      ['completed this month, page 1', `${base}/completed`, { page: 1, limit: 10 }],
      ['completed, search "RH-0000"', `${base}/completed`, { q: 'RH-0000', page: 1, limit: 10 }],
      ['members, page 1', `${base}/members`, { page: 1, limit: 10 }],
      ['quotes sent, page 1', `${base}/quotes`, { page: 1, limit: 10 }],
      ['quotes sent, search "quote12"', `${base}/quotes`, { q: 'quote12', page: 1, limit: 10 }],
      ['CSV: in progress, search "harp"', `${base}/in-progress/export.csv`, { q: 'harp' }],
    ];
    console.log(`\n${'call'.padEnd(46)} ${'found'.padStart(8)}  ${'p50 ms'.padStart(8)}  ${'p99 ms'.padStart(8)}`);
    for (const [label, path, query] of cases) {
      const runs = path.endsWith('.csv') ? Math.max(3, Math.floor(RUNS / 10)) : RUNS;
      const times: number[] = [];
      let found: unknown = '';
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        const r = await c.get(path, query);
        times.push(performance.now() - start);
        if (r.status !== 200) throw new Error(`${label}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        found = typeof r.body === 'string' ? `${r.body.split('\r\n').length - 2} rows` : r.body.data.total;
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
      console.log(`${label.padEnd(46)} ${String(found).padStart(8)}  ${at(50).toFixed(1).padStart(8)}  ${at(99).toFixed(1).padStart(8)}`);
    }
  } finally {
    await store.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
