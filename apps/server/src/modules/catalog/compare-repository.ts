import type { Plan } from '../../db/schema.ts';
import type { Db } from './repository.ts';

/** Full rows of these plans (any order). */
export async function findPlansByIds(db: Db, ids: readonly number[]): Promise<Plan[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('plans')
    .selectAll()
    .where('plan_id', 'in', [...ids])
    .execute();
}

export async function loadCompareIds(db: Db, enrollmentId: string): Promise<number[]> {
  const row = await db.selectFrom('compare_selections').select('plan_ids').where('enrollment_id', '=', enrollmentId).executeTakeFirst();
  if (!row) return [];
  const ids = typeof row.plan_ids === 'string' ? JSON.parse(row.plan_ids) : row.plan_ids;
  return Array.isArray(ids) ? ids.map(Number) : [];
}

export async function upsertCompareIds(db: Db, enrollmentId: string, ids: readonly number[]): Promise<void> {
  const plan_ids = JSON.stringify(ids);
  await db
    .insertInto('compare_selections')
    .values({ enrollment_id: enrollmentId, plan_ids })
    .onConflict((oc) => oc.column('enrollment_id').doUpdateSet({ plan_ids, updated_at: new Date() }))
    .execute();
}
