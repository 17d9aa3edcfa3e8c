import { sql } from 'kysely';
import type { TQuestionForm } from '@store/domain/admin-plans';
import type { CategoryKey } from '@store/domain/codes';
import { containsLike } from '../../lib/escape-like.ts';
import type { Db } from './db.ts';

/** SQL of the console's catalog: plans, rate tables and questionnaires. */
export async function pagePlans(db: Db, f: { q?: string; category?: CategoryKey; limit: number; offset: number }) {
  let base = db.selectFrom('plans');
  if (f.category) base = base.where('category', '=', f.category);
  const q = f.q;
  if (q)
    base = base.where((eb) =>
      eb.or([eb('plan_name', 'ilike', containsLike(q)), ...(/^\d+$/.test(q) ? [eb('plan_id', '=', Number(q))] : [])]),
    );
  const [items, count] = await Promise.all([
    base
      .select(['plan_id', 'plan_name', 'category', 'carrier', 'active', 'featured', 'plan_logo'])
      .select((eb) =>
        eb
          .selectFrom('plan_rates')
          .whereRef('plan_rates.plan_id', '=', 'plans.plan_id')
          .where('plan_rates.label', 'is distinct from', 'retired')
          .select(eb.fn.countAll<string>().as('c'))
          .as('rate_count'),
      )
      .orderBy('category')
      .orderBy('sort_order')
      .orderBy('plan_id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export const findPlan = (db: Db, id: number) => db.selectFrom('plans').selectAll().where('plan_id', '=', id).executeTakeFirst();
export const lockPlan = (db: Db, id: number) =>
  db.selectFrom('plans').select('plan_id').where('plan_id', '=', id).forUpdate().executeTakeFirst();
export const planExists = async (db: Db, id: number) =>
  !!(await db.selectFrom('plans').select('plan_id').where('plan_id', '=', id).executeTakeFirst());
/** The carrier a new plan names (its name becomes the plan's carrier text). */
export const findCarrierName = (db: Db, id: number) => db.selectFrom('carriers').select('name').where('id', '=', id).executeTakeFirst();
/** Plan columns as the service prepared them (texts sanitized, rules and benefits as JSON). */
export const insertPlan = (db: Db, values: Record<string, unknown>) =>
  db
    .insertInto('plans')
    .values(values as never)
    .execute();
export const updatePlan = async (db: Db, id: number, values: Record<string, unknown>) =>
  (
    await db
      .updateTable('plans')
      .set(values as never)
      .where('plan_id', '=', id)
      .executeTakeFirst()
  ).numUpdatedRows > 0n;
export const touchPlan = (db: Db, id: number) =>
  db
    .updateTable('plans')
    .set({ updated_at: sql`now()` })
    .where('plan_id', '=', id)
    .execute();

/** A plan's rate table as the console shows it (retired rows left out). */
export const listRates = (db: Db, planId: number) =>
  db
    .selectFrom('plan_rates')
    .select(['plan_pricing_id', 'tier', 'age_min', 'age_max', 'state', 'smoker', 'price_cents'])
    .where('plan_id', '=', planId)
    .where('label', 'is distinct from', 'retired')
    .orderBy('tier')
    .orderBy('state')
    .orderBy('smoker')
    .orderBy('age_min')
    .execute();

export const currentRates = (db: Db, planId: number) =>
  db.selectFrom('plan_rates').selectAll().where('plan_id', '=', planId).where('label', 'is distinct from', 'retired').execute();
export const ratesForTier = (db: Db, planId: number, tier: string) =>
  db
    .selectFrom('plan_rates')
    .select(['plan_pricing_id', 'tier', 'age_min', 'age_max', 'state', 'smoker', 'price_cents'])
    .where('plan_id', '=', planId)
    .where('tier', '=', tier)
    .execute();
export const setRatePrice = (db: Db, id: number, cents: number) =>
  db.updateTable('plan_rates').set({ price_cents: cents }).where('plan_pricing_id', '=', id).execute();
export const insertRate = (
  db: Db,
  planId: number,
  r: { tier: string; age_min: number; age_max: number; state: string | null; smoker: boolean | null; price_cents: number },
) =>
  db
    .insertInto('plan_rates')
    .values({ plan_id: planId, ...r, label: null })
    .execute();
/** Which of these rates a cart refers to. */
export const ratesInCarts = async (db: Db, ids: number[]) =>
  new Set(
    (await db.selectFrom('cart_items').select('plan_pricing_id').where('plan_pricing_id', 'in', ids).execute()).map(
      (r) => r.plan_pricing_id,
    ),
  );
export const deleteRates = (db: Db, ids: number[]) => db.deleteFrom('plan_rates').where('plan_pricing_id', 'in', ids).execute();
/** Rates no longer in the table but still referenced by a cart: kept with an age band that matches nobody. */
export const retireRates = (db: Db, ids: number[]) =>
  db.updateTable('plan_rates').set({ label: 'retired', age_min: 1000, age_max: -1 }).where('plan_pricing_id', 'in', ids).execute();

export const listQuestions = (db: Db, planId: number) =>
  db.selectFrom('plan_questions').selectAll().where('plan_id', '=', planId).orderBy('sort_order').orderBy('question_id').execute();
const questionValues = (b: TQuestionForm) => ({ ...b, decline_message: b.decline_message ?? null, options: JSON.stringify(b.options) });
export const insertQuestion = (db: Db, planId: number, b: TQuestionForm) =>
  db
    .insertInto('plan_questions')
    .values({ plan_id: planId, ...questionValues(b) })
    .returningAll()
    .executeTakeFirstOrThrow();
export const updateQuestion = (db: Db, id: number, b: TQuestionForm) =>
  db.updateTable('plan_questions').set(questionValues(b)).where('question_id', '=', id).returningAll().executeTakeFirst();
export const deleteQuestion = (db: Db, id: number) =>
  db.deleteFrom('plan_questions').where('question_id', '=', id).returning(['plan_id']).executeTakeFirst();
