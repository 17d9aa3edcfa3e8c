import { sql, type Kysely, type Transaction } from 'kysely';
import { ZPlanRules, type TPlanRules } from '@store/domain/plan-rules';
import { CATEGORIES } from '@store/domain/codes';
import { ZPlanBenefits, type TPlanBenefits } from '@store/domain/compare';
import { ZPlanTranslations, type TPlanTranslations } from '@store/domain/plan-content';
import type { TRateRow } from '@store/domain/pricing';
import type { Database, Plan } from '../../db/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * A JSON column's value parsed by its schema, remembered beside the value the driver gave (a cached plan is priced
 * and listed on every request: its rules and benefits are validated once, not once per plan per request).
 */
function parsedOnce<T>(memo: WeakMap<object, T | null>, raw: unknown, parse: (v: unknown) => T | null): T | null {
  if (raw === null || typeof raw !== 'object') return parse(json(raw));
  let v = memo.get(raw);
  if (v === undefined) memo.set(raw, (v = parse(raw)));
  return v;
}
const benefitsMemo = new WeakMap<object, TPlanBenefits | null>();
const rulesMemo = new WeakMap<object, TPlanRules | null>();

/** A plan's structured benefits (plans.benefits), or null when absent or not valid. */
export const planBenefits = (p: Pick<Plan, 'benefits'>): TPlanBenefits | null =>
  p.benefits == null
    ? null
    : parsedOnce(benefitsMemo, p.benefits, (v) => {
        const parsed = ZPlanBenefits.safeParse(v);
        return parsed.success ? parsed.data : null;
      });
/** A plan's texts per language other than English (plans.translations); empty when absent or not valid. */
export const planTranslations = (p: Pick<Plan, 'translations'>): TPlanTranslations => {
  const parsed = ZPlanTranslations.safeParse(json(p.translations) ?? {});
  return parsed.success ? parsed.data : {};
};

export const planRules = (p: Pick<Plan, 'rules'>): TPlanRules =>
  parsedOnce(rulesMemo, p.rules ?? {}, (v) => {
    const parsed = ZPlanRules.safeParse(v);
    return parsed.success ? parsed.data : {};
  }) ?? {};

/** What a plan card and the catalog order need: the long texts stay in the database (they were most of the bytes). */
export const PLAN_CARD_COLUMNS = [
  'plan_id',
  'plan_name',
  'plan_logo',
  'carrier',
  'category',
  'plan_short_text',
  'rules',
  'sort_order',
  'benefits',
  'translations',
] as const;
export type PlanCardRow = Pick<Plan, (typeof PLAN_CARD_COLUMNS)[number]>;

/** The catalog order: categories in the order of CATEGORIES (unknown ones last), then sort_order, then id. */
export const CATALOG_ORDER = sql.raw(
  `array_position(array[${CATEGORIES.map((c) => `'${c.key}'`).join(',')}]::text[], category) nulls last, sort_order, plan_id`,
);
/** A membership plan (picked in the Prudential flow, never listed on its own). */
const IS_MEMBERSHIP = sql<boolean>`rules @> '{"membership": true}'::jsonb`;
/** Plans a shopper may browse: active, not a membership, not replaced by another plan. Filtered in SQL, so that a
 * large catalog is neither read whole nor parsed in JavaScript. */
const IS_SHOPPABLE = sql<boolean>`active and not (${IS_MEMBERSHIP}) and rules->'replacedBy' is null`;

export async function findPlan(db: Db, planId: number): Promise<Plan | undefined> {
  return db.selectFrom('plans').selectAll().where('plan_id', '=', planId).where('active', '=', true).executeTakeFirst();
}

/** Active plans a shopper may browse (not retired, not a membership), in catalog order: one query. */
export async function listShoppablePlans(db: Db, categories?: string[]): Promise<PlanCardRow[]> {
  let q = db.selectFrom('plans').select(PLAN_CARD_COLUMNS).where(IS_SHOPPABLE);
  if (categories?.length) q = q.where('category', 'in', categories);
  return q.orderBy(CATALOG_ORDER).execute();
}

/** One page of listShoppablePlans and the number of plans on every page: still one query (a window count). */
export async function pageShoppablePlans(
  db: Db,
  categories: string[] | undefined,
  page: { limit: number; offset: number },
  appointed: ReadonlySet<number> | null = null,
): Promise<{ rows: PlanCardRow[]; total: number }> {
  const shoppable = () => {
    let q = db.selectFrom('plans').where(IS_SHOPPABLE);
    if (categories?.length) q = q.where('category', 'in', categories);
    // Decision 2640: only plans without a carrier or of carriers that appointed the quote's rep.
    if (appointed)
      q = q.where((eb) =>
        appointed.size ? eb.or([eb('carrier_id', 'is', null), eb('carrier_id', 'in', [...appointed])]) : eb('carrier_id', 'is', null),
      );
    return q;
  };
  const rows = await shoppable()
    .select([...PLAN_CARD_COLUMNS, sql<number>`count(*) over ()`.as('total')])
    .orderBy(CATALOG_ORDER)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (rows.length || page.offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  // Past the last page: the window has no row to count on.
  const counted = await shoppable()
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(counted.n) };
}

/** The categories that have a plan a shopper may browse. */
export async function listShoppableCategories(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('plans').select('category').distinct().where(IS_SHOPPABLE).execute();
  return rows.map((r) => r.category);
}

export async function listMembershipPlans(db: Db): Promise<Plan[]> {
  return db.selectFrom('plans').selectAll().where('active', '=', true).where(IS_MEMBERSHIP).orderBy(CATALOG_ORDER).execute();
}

/** Every active plan, in catalog order (the catalog cache's plans, cache.ts). */
export async function listActivePlans(db: Db): Promise<Plan[]> {
  return db.selectFrom('plans').selectAll().where('active', '=', true).orderBy(CATALOG_ORDER).execute();
}

/** The content hash of each of these media files that is public (private ones are left out). */
export async function publicMediaHashes(db: Db, ids: string[]): Promise<{ id: string; hash: string }[]> {
  const { rows } = await sql<{
    id: string;
    hash: string;
  }>`select id, hash from media where id in (${sql.join(ids)}) and not private`.execute(db);
  return rows;
}

/** The portals that offer only some categories, with those categories (portal-categories.ts). */
export async function listPortalCategories(db: Db): Promise<Map<number, string[]>> {
  const rows = await db.selectFrom('portals').select(['platform_group_id', 'categories']).where('categories', 'is not', null).execute();
  return new Map(
    rows.map((r) => [
      r.platform_group_id,
      Array.isArray(r.categories) ? r.categories.filter((c): c is string => typeof c === 'string') : [],
    ]),
  );
}

/** The lowest offered price of each of these plans (one query for all of them), by plan id. */
export async function lowestPrices(db: Db, planIds: number[]): Promise<Map<number, number>> {
  if (!planIds.length) return new Map();
  const rows = await db
    .selectFrom('plan_rates')
    .select(['plan_id', (eb) => eb.fn.min<number>('price_cents').as('price_cents')])
    .where('plan_id', 'in', planIds)
    .where((eb) => eb.or([eb('label', 'is', null), eb('label', '!=', 'retired')]))
    .groupBy('plan_id')
    .execute();
  return new Map(rows.map((r) => [r.plan_id, Number(r.price_cents)]));
}

export async function listRates(db: Db, planId: number): Promise<TRateRow[]> {
  // Rows the console retired (still referenced by carts) are never offered again.
  return db
    .selectFrom('plan_rates')
    .selectAll()
    .where('plan_id', '=', planId)
    .where((eb) => eb.or([eb('label', 'is', null), eb('label', '!=', 'retired')]))
    .orderBy('plan_pricing_id')
    .execute();
}

/** The offered rates of these plans (of every plan when none are named), in plan_pricing_id order: one query. */
export async function listRatesOf(db: Db, planIds?: readonly number[]): Promise<TRateRow[]> {
  if (planIds && !planIds.length) return [];
  let q = db
    .selectFrom('plan_rates')
    .selectAll()
    .where((eb) => eb.or([eb('label', 'is', null), eb('label', '!=', 'retired')]));
  if (planIds) q = q.where('plan_id', 'in', [...planIds]);
  return q.orderBy('plan_pricing_id').execute();
}

/** The question ids of these plans (of every plan when none are named), by plan and kind: one query. */
export async function listQuestionIdsOf(
  db: Db,
  planIds?: readonly number[],
): Promise<{ plan_id: number; kind: 'questions' | 'aflac'; question_id: number }[]> {
  if (planIds && !planIds.length) return [];
  let q = db.selectFrom('plan_questions').select(['plan_id', 'kind', 'question_id']);
  if (planIds) q = q.where('plan_id', 'in', [...planIds]);
  return q.orderBy('plan_id').orderBy('question_id').execute() as Promise<
    { plan_id: number; kind: 'questions' | 'aflac'; question_id: number }[]
  >;
}

/** The question ids each of an enrollment's saved answers was given to, by plan and kind: one query. */
export async function listAnsweredQuestionIds(db: Db, enrollmentId: string) {
  return db.selectFrom('plan_answers').select(['plan_id', 'kind', 'question_ids']).where('enrollment_id', '=', enrollmentId).execute();
}

export async function listQuestions(db: Db, planId: number, kind: 'questions' | 'aflac') {
  return db
    .selectFrom('plan_questions')
    .selectAll()
    .where('plan_id', '=', planId)
    .where('kind', '=', kind)
    .orderBy('sort_order')
    .orderBy('question_id')
    .execute();
}

export async function findAnswers(db: Db, enrollmentId: string, planId: number, kind: 'questions' | 'aflac') {
  return db
    .selectFrom('plan_answers')
    .selectAll()
    .where('enrollment_id', '=', enrollmentId)
    .where('plan_id', '=', planId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function upsertAnswers(
  db: Db,
  row: {
    enrollment_id: string;
    plan_id: number;
    kind: 'questions' | 'aflac';
    answers_enc: string;
    question_ids: number[];
    declined: boolean;
    all_yes: boolean;
  },
) {
  await db
    .insertInto('plan_answers')
    .values({ ...row, question_ids: JSON.stringify(row.question_ids) })
    .onConflict((oc) =>
      oc.columns(['enrollment_id', 'plan_id', 'kind']).doUpdateSet({
        answers_enc: row.answers_enc,
        question_ids: JSON.stringify(row.question_ids),
        declined: row.declined,
        all_yes: row.all_yes,
        updated_at: new Date(),
      }),
    )
    .execute();
}

export async function hasActivePolicy(db: Db, userId: number, planId: number): Promise<boolean> {
  const row = await db
    .selectFrom('policies')
    .select('policy_id')
    .where('user_id', '=', userId)
    .where('plan_id', '=', planId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return !!row;
}

export async function findTempDependent(db: Db, enrollmentId: string) {
  return db.selectFrom('temp_dependent_info').selectAll().where('enrollment_id', '=', enrollmentId).executeTakeFirst();
}

export async function upsertTempDependent(
  db: Db,
  row: { enrollment_id: string; plan_id: number | null; spouse_dob: string | null; no_of_children: number | null },
): Promise<void> {
  await db
    .insertInto('temp_dependent_info')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('enrollment_id')
        .doUpdateSet({ plan_id: row.plan_id, spouse_dob: row.spouse_dob, no_of_children: row.no_of_children, updated_at: new Date() }),
    )
    .execute();
}

/** An audit row, written in the change's transaction. */
export async function insertAudit(
  db: Db,
  row: { account_id: number | null; action: string; target: string; detail: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ ...row, detail: JSON.stringify(row.detail) })
    .execute();
}
