import { sql, type Kysely } from 'kysely';
import { DEMO_BENEFITS } from '../seed/demo-benefits.ts';

/**
 * Plan comparison (issue 10): structured benefits of a plan (ZPlanBenefits of @store/domain/compare) and the
 * comparison a visitor keeps with the quote (up to four plan ids), so that it survives a reload and is mailed
 * with the quote. A database seeded before this migration gets the demo plans' benefits here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table plans add column if not exists benefits jsonb;
    create table if not exists compare_selections (
      enrollment_id text primary key references enrollments(id) on delete cascade,
      plan_ids jsonb not null default '[]'::jsonb,
      updated_at timestamptz not null default now()
    );
  `.execute(db);
  for (const [planId, benefits] of Object.entries(DEMO_BENEFITS)) {
    await sql`update plans set benefits = ${JSON.stringify(benefits)}::jsonb where plan_id = ${Number(planId)} and benefits is null`.execute(
      db,
    );
  }
}
