import { sql } from 'kysely';
import type { Db } from './repository.ts';

/** The SQL of memberships following a change of plan (issue 38, decision 2721). */

const isMembership = sql<boolean>`coalesce((pl.rules->>'membership')::boolean, false)`;
const isPrudential = sql<boolean>`coalesce((pl.rules->>'prudential')::boolean, false)`;

/** The enrollment's membership policies in force, with the plan each was added with (`cart_items.parent_plan_id`). */
export const heldMemberships = async (db: Db, enrollmentId: string) =>
  (
    await sql<{ policy_id: number; plan_id: number; parent_plan_id: number | null }>`
      select p.policy_id, p.plan_id, c.parent_plan_id
      from policies p join plans pl on pl.plan_id = p.plan_id
      left join cart_items c on c.enrollment_id = p.enrollment_id and c.plan_id = p.plan_id
      where p.enrollment_id = ${enrollmentId} and p.status = 'ACTIVE' and p.ends_on is null and ${isMembership}
      order by p.policy_id`.execute(db)
  ).rows;

/** The enrollment's plans in force (not ended, not declined) that are sold with a membership (Prudential-type). */
export const plansNeedingMembership = async (db: Db, enrollmentId: string) =>
  (
    await sql<{ plan_id: number }>`
      select distinct p.plan_id from policies p join plans pl on pl.plan_id = p.plan_id
      where p.enrollment_id = ${enrollmentId} and p.status = 'ACTIVE' and p.ends_on is null
        and coalesce(p.eoi_status, 'none') <> 'declined' and ${isPrudential}
      order by p.plan_id`.execute(db)
  ).rows.map((r) => r.plan_id);

/** The membership plan sold with Prudential-type plans, its name, and its rate row of the tier (the cheapest). */
export const membershipPlanFor = async (db: Db, tier: string) =>
  (
    await sql<{ plan_id: number; plan_name: string; plan_pricing_id: number; price_cents: number }>`
      select pl.plan_id, pl.plan_name, r.plan_pricing_id, r.price_cents
      from plans pl join plan_rates r on r.plan_id = pl.plan_id
      where ${isMembership} and pl.active and pl.discontinued_on is null and r.tier = ${tier}
        and r.label is distinct from 'retired'
      order by r.price_cents, pl.plan_id, r.plan_pricing_id
      limit 1`.execute(db)
  ).rows[0];

export const setParentPlan = (db: Db, enrollmentId: string, planId: number, parentPlanId: number) =>
  db
    .updateTable('cart_items')
    .set({ parent_plan_id: parentPlanId })
    .where('enrollment_id', '=', enrollmentId)
    .where('plan_id', '=', planId)
    .execute();

export const addMembership = async (
  db: Db,
  v: {
    enrollment_id: string;
    user_id: number;
    tier: string;
    plan_id: number;
    plan_pricing_id: number;
    price_cents: number;
    parent_plan_id: number;
    starts_on: string;
  },
) => {
  await db
    .insertInto('cart_items')
    .values({
      enrollment_id: v.enrollment_id,
      plan_id: v.plan_id,
      plan_pricing_id: v.plan_pricing_id,
      price_cents: v.price_cents,
      removable: false,
      parent_plan_id: v.parent_plan_id,
    })
    .onConflict((oc) =>
      oc.columns(['enrollment_id', 'plan_id']).doUpdateSet({ parent_plan_id: v.parent_plan_id, price_cents: v.price_cents }),
    )
    .execute();
  return (
    await db
      .insertInto('policies')
      .values({
        user_id: v.user_id,
        plan_id: v.plan_id,
        tier: v.tier,
        status: 'ACTIVE',
        effective_date: v.starts_on,
        enrollment_id: v.enrollment_id,
      })
      .returning('policy_id')
      .executeTakeFirstOrThrow()
  ).policy_id;
};
