/**
 * Data at scale for the benchmarks and the performance tests: plans with rate tables (they price like the demo
 * plans) and enrollments (quotes, checked-out and completed ones, with cart rows when scale plans exist), written
 * with set-based SQL (generate_series) so that 100,000 rows take seconds, on PGlite and PostgreSQL alike.
 */
import { sql, type Kysely } from 'kysely';
import { CATEGORY_KEYS } from '../../packages/domain/src/codes.ts';
import type { Database } from '../../apps/server/src/db/schema.ts';

/** Scale plans get ids from here up (the demo catalog's ids are far below). */
export const SCALE_PLAN_ID_BASE = 100_000;
/** Rows per INSERT statement. */
const BATCH = 10_000;

/**
 * `count` active, shoppable plans across every category, each with a rate table of 4 tiers (IO, IS, IC, IF) x
 * 5 age bands (18-29 … 60-120), all states, like the demo catalog's. Plan i has id SCALE_PLAN_ID_BASE + i.
 */
export async function seedScalePlans(db: Kysely<Database>, count: number): Promise<void> {
  const categories = sql.raw(`array[${CATEGORY_KEYS.map((c) => `'${c}'`).join(',')}]`);
  await sql`
    insert into plans (plan_id, plan_name, category, plan_short_text, header_text, body_text, carrier, rules, sort_order, active)
    select ${SCALE_PLAN_ID_BASE} + i,
           'Scale Plan ' || lpad(i::text, 5, '0'),
           (${categories})[1 + i % ${CATEGORY_KEYS.length}],
           '<p>Plan <strong>' || i || '</strong>: preventive care at <em>100%</em>, basic services at 80%.</p>',
           'Scale Plan ' || i,
           repeat('<p>Covered services, waiting periods and limits of the plan, in some detail.</p>', 20),
           'Scale Carrier',
           '{}'::jsonb,
           i,
           true
    from generate_series(1, ${count}::int) as i`.execute(db);
  await sql`
    insert into plan_rates (plan_id, tier, age_min, age_max, state, smoker, price_cents)
    select ${SCALE_PLAN_ID_BASE} + i, t.tier, b.lo, b.hi, null, null, 1500 + (i * 37) % 4000 + t.k * 900 + b.k * 400
    from generate_series(1, ${count}::int) as i
    cross join (values ('IO', 0), ('IS', 1), ('IC', 2), ('IF', 3)) as t(tier, k)
    cross join (values (18, 29, 0), (30, 39, 1), (40, 49, 2), (50, 59, 3), (60, 120, 4)) as b(lo, hi, k)`.execute(db);
  await sql`analyze plans`.execute(db);
  await sql`analyze plan_rates`.execute(db);
}

const FIRST_NAMES = [
  'Avery',
  'Blake',
  'Casey',
  'Devon',
  'Emery',
  'Finley',
  'Gray',
  'Harper',
  'Indigo',
  'Jordan',
  'Kai',
  'Logan',
  'Morgan',
  'Noel',
  'Oakley',
  'Parker',
  'Quinn',
  'Riley',
  'Sage',
  'Taylor',
];

/**
 * `count` enrollments as the operator console sees them after years of use: one a minute back from now, a third
 * each through the applicant, a rep (20001) and a group (3001); 60% quotes, 30% checked out, 10% completed (with
 * a confirmation number BS-00000010 …); names in tabs.primary_info. With `cartPlans` (the number of scale plans
 * seeded), every third enrollment has three of those plans in its cart.
 */
export async function seedScaleEnrollments(db: Kysely<Database>, count: number, opts: { cartPlans?: number } = {}): Promise<void> {
  const firstNames = sql.raw(`array[${FIRST_NAMES.map((n) => `'${n}'`).join(',')}]`);
  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(count, start + BATCH - 1);
    await sql`
      insert into enrollments (id, type, eprocess, status, agent_id, group_id, filter_info, tabs, confirmation_number, created_at, completed_at)
      select
        md5('scale-' || i)::uuid::text,
        'new-member',
        (array['applicant','rep','group'])[1 + i % 3],
        case when i % 10 = 0 then 'completed' when i % 10 < 4 then 'checked_out' else 'quote' end,
        case when i % 3 = 1 then 20001 else null end,
        case when i % 3 = 2 then 3001 else null end,
        jsonb_build_object('zip', '10001', 'state', 'NY', 'dob', '1980-01-15', 'tier', 'IO'),
        jsonb_build_object('primary_info', jsonb_build_object(
          'first_name', (${firstNames})[1 + i % ${FIRST_NAMES.length}],
          'last_name', initcap(translate(substr(md5(i::text), 1, 9), '0123456789', 'ghijklmnop')),
          'ssn_sealed', 's1.k1.iv.tag.ct')),
        case when i % 10 = 0 then 'BS-' || lpad(i::text, 8, '0') else null end,
        now() - make_interval(mins => i),
        case when i % 10 = 0 then now() - make_interval(mins => i) else null end
      from generate_series(${start}::int, ${end}::int) as i`.execute(db);
    if (opts.cartPlans) {
      await sql`
        insert into cart_items (enrollment_id, plan_id, plan_pricing_id, price_cents, created_at)
        select md5('scale-' || i)::uuid::text, r.plan_id, r.plan_pricing_id, r.price_cents, now() - make_interval(mins => i)
        from generate_series(${start}::int, ${end}::int) as i
        cross join generate_series(0, 2) as k
        join plan_rates r on r.plan_id = ${SCALE_PLAN_ID_BASE} + 1 + (i + k * 7) % ${opts.cartPlans} and r.tier = 'IO' and r.age_min = 40
        where i % 3 = 0`.execute(db);
    }
  }
  await sql`analyze enrollments`.execute(db);
  await sql`analyze cart_items`.execute(db);
}
