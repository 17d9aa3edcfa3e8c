import { sql, type Kysely } from 'kysely';
import { DEMO_BENEFITS } from '../seed/demo-benefits.ts';
import { DEMO_TRANSLATIONS } from '../seed/demo-translations.ts';

/**
 * Plan content per language and the key numbers of every plan (issue 25, docs/decisions/1950-plan-content.md):
 * plans.translations holds a plan's texts in each language other than English (ZPlanTranslations of
 * @store/domain/plan-content); plans.benefits gained the life and supplemental key numbers (coverage, term,
 * benefit amounts). Both are columns of plans, whose change-notice trigger (migration 1100) already drops the
 * catalog caches. A database seeded before this migration gets the demo plans' Spanish texts and the key numbers
 * of the plans that had none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table plans add column if not exists translations jsonb`.execute(db);
  for (const [planId, translations] of Object.entries(DEMO_TRANSLATIONS)) {
    await sql`update plans set translations = ${JSON.stringify(translations)}::jsonb
      where plan_id = ${Number(planId)} and translations is null`.execute(db);
  }
  for (const [planId, benefits] of Object.entries(DEMO_BENEFITS)) {
    await sql`update plans set benefits = ${JSON.stringify(benefits)}::jsonb where plan_id = ${Number(planId)} and benefits is null`.execute(
      db,
    );
  }
}
