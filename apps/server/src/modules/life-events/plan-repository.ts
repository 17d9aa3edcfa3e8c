import type { Db } from './repository.ts';

/** The SQL of a change of plan in a life event's window (issue 38, decision 2650). */

/** A plan as a change of plan reads it: its category, whether it is sold, needs evidence, and its rules. */
export const planOf = (db: Db, planId: number) =>
  db
    .selectFrom('plans')
    .select(['plan_id', 'plan_name', 'category', 'active', 'needs_evidence', 'discontinued_on', 'rules'])
    .where('plan_id', '=', planId)
    .executeTakeFirst();

/** The sold plans of a category (the plans a member may change to). */
export const plansOfCategory = (db: Db, category: string) =>
  db
    .selectFrom('plans')
    .select(['plan_id', 'plan_name', 'category', 'active', 'needs_evidence', 'discontinued_on', 'rules'])
    .where('category', '=', category)
    .where('active', '=', true)
    .where('discontinued_on', 'is', null)
    .orderBy('sort_order')
    .orderBy('plan_id')
    .execute();

/** The enrollment's running policy of a plan (not ended, not declined), locked when asked. */
export const runningPolicyOf = (db: Db, enrollmentId: string, planId: number) =>
  db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .select([
      'policies.policy_id',
      'policies.plan_id',
      'policies.tier',
      'policies.effective_date',
      'policies.eoi_status',
      'plans.category',
      'plans.plan_name',
      'plans.rules',
    ])
    .where('policies.enrollment_id', '=', enrollmentId)
    .where('policies.plan_id', '=', planId)
    .where('policies.status', '=', 'ACTIVE')
    .where('policies.ends_on', 'is', null)
    .forUpdate('policies')
    .executeTakeFirst();

/** Whether the enrollment holds a policy of this plan that is not ended (running or waiting for evidence). */
export const holdsPlan = async (db: Db, enrollmentId: string, planId: number) =>
  !!(await db
    .selectFrom('policies')
    .select('policy_id')
    .where('enrollment_id', '=', enrollmentId)
    .where('plan_id', '=', planId)
    .where('status', '=', 'ACTIVE')
    .where('ends_on', 'is', null)
    .executeTakeFirst());

export const insertPolicy = (
  db: Db,
  v: {
    user_id: number;
    plan_id: number;
    tier: string;
    effective_date: string;
    enrollment_id: string;
    eoi_status: 'pending' | null;
    replaces_policy_id: number;
    life_event_id: number;
  },
) =>
  db
    .insertInto('policies')
    .values({ ...v, status: 'ACTIVE' })
    .returning('policy_id')
    .executeTakeFirstOrThrow();

/** The new plan's line of the enrollment's cart (its price; the cart of a completed enrollment is its priced plans). */
export const saveCartItem = (db: Db, v: { enrollment_id: string; plan_id: number; plan_pricing_id: number; price_cents: number }) =>
  db
    .insertInto('cart_items')
    .values({ ...v, parent_plan_id: null })
    .onConflict((oc) =>
      oc.columns(['enrollment_id', 'plan_id']).doUpdateSet({ plan_pricing_id: v.plan_pricing_id, price_cents: v.price_cents }),
    )
    .execute();

/** The old plan ends on `endsOn` (a change of plan): billing and the carriers' data follow `ends_on`. */
export const endPolicy = (db: Db, policyId: number, endsOn: string) =>
  db.updateTable('policies').set({ ends_on: endsOn, cancelled_at: new Date() }).where('policy_id', '=', policyId).execute();
