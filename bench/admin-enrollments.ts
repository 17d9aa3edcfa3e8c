/**
 * Operator console at scale: inserts 100,000 enrollments into a fresh embedded (PGlite) store, then times the
 * console's list and search calls through HTTP, as an operator. Prints figures; it is not a timed test.
 *
 *   npx tsx bench/admin-enrollments.ts            (100,000 rows)
 *   ENROLLMENTS=20000 npx tsx bench/admin-enrollments.ts
 */
import { sql } from 'kysely';
import { startTestStore } from '../apps/server/test/helpers/store.ts';
import { DEMO } from '../apps/server/test/helpers/client.ts';
import { seedScaleEnrollments } from './lib/scale-seed.ts';

const COUNT = Number(process.env.ENROLLMENTS ?? 100_000);
const RUNS = 5;

async function main() {
  const t0 = performance.now();
  const store = await startTestStore('pglite');
  console.log(`store ready in ${(performance.now() - t0).toFixed(0)} ms`);
  try {
    const t1 = performance.now();
    await seedScaleEnrollments(store.db, COUNT);
    console.log(`inserted ${COUNT.toLocaleString('en-US')} enrollments in ${((performance.now() - t1) / 1000).toFixed(1)} s`);

    const sample = await sql<{ id: string; first_name: string; last_name: string; confirmation_number: string }>`
      select id, tabs->'primary_info'->>'first_name' as first_name, tabs->'primary_info'->>'last_name' as last_name, confirmation_number from enrollments where confirmation_number is not null order by created_at desc offset 4321 limit 1`.execute(
      store.db,
    );
    const s = sample.rows[0];
    const op = store.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const today = new Date();
    const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);

    const cases: [string, string, Record<string, unknown>][] = [
      ['list, first page (newest first)', '/api/admin/enrollments', { limit: 25 }],
      ['list, page 400 (offset 9,975)', '/api/admin/enrollments', { limit: 25, offset: 9975 }],
      ['status = completed', '/api/admin/enrollments', { status: 'completed', limit: 25 }],
      ['status = quote, last 7 days', '/api/admin/enrollments', { status: 'quote', from: daysAgo(7), to: daysAgo(0), limit: 25 }],
      ['date range, 3 days', '/api/admin/enrollments', { from: daysAgo(20), to: daysAgo(18), limit: 25 }],
      [`name prefix "${s.last_name.slice(0, 4)}"`, '/api/admin/enrollments', { q: s.last_name.slice(0, 4), limit: 25 }],
      [
        `full name "${s.first_name} ${s.last_name.slice(0, 3)}"`,
        '/api/admin/enrollments',
        { q: `${s.first_name} ${s.last_name.slice(0, 3)}`, limit: 25 },
      ],
      [`confirmation number ${s.confirmation_number}`, '/api/admin/enrollments', { q: s.confirmation_number, limit: 25 }],
      ['enrollment id', '/api/admin/enrollments', { q: s.id, limit: 25 }],
      ['one enrollment (detail + audit row)', `/api/admin/enrollments/${s.id}`, {}],
      ['outbox, first page', '/api/admin/outbox', { limit: 25 }],
    ];
    console.log(`\n${'call'.padEnd(52)} ${'total'.padStart(8)}  ${'median ms'.padStart(9)}  ${'max ms'.padStart(7)}`);
    for (const [label, path, query] of cases) {
      const times: number[] = [];
      let total: unknown = '';
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const r = await op.get(path, query);
        times.push(performance.now() - start);
        if (r.status !== 200) throw new Error(`${label}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        total = r.body.data.total ?? '-';
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(52)} ${String(total).padStart(8)}  ${times[Math.floor(RUNS / 2)].toFixed(1).padStart(9)}  ${times[RUNS - 1].toFixed(1).padStart(7)}`,
      );
    }
  } finally {
    await store.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
