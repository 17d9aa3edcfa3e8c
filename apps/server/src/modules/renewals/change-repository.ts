import { sql } from 'kysely';
import type { RenewalChangesTable } from '../../db/schema.ts';
import type { Db } from './repository.ts';

/** The SQL of what a renewal date does to policies (issue 38, decision 2660). */

export interface DueChange {
  policy_id: number;
  starts_on: string;
  enrollment_id: string | null;
  user_id: number;
  plan_id: number;
  tier: string;
  current_cents: number;
  renewal_cents: number | null;
  replacement_plan_id: number | null;
  plan_name: string;
  replacement_plan_name: string | null;
  email: string | null;
  first_name: string;
  last_name: string;
  mail_lang: string | null;
}

/**
 * Policies in force whose renewal date has come (`starts_on` on or before `today`) and whose plan is discontinued —
 * moved to the replacement, or ended when it has none or no price — and that the date has not changed yet.
 */
export async function dueChanges(db: Db, today: string, limit = 200): Promise<DueChange[]> {
  const r = await sql<DueChange>`
    select r.policy_id, to_char(r.starts_on, 'YYYY-MM-DD') as starts_on, p.enrollment_id, p.user_id, p.plan_id, p.tier,
      r.current_cents, r.renewal_cents, r.replacement_plan_id, pl.plan_name, rp.plan_name as replacement_plan_name,
      m.email, m.first_name, m.last_name, e.mail_lang
    from policy_renewals r
    join policies p on p.policy_id = r.policy_id
    join plans pl on pl.plan_id = p.plan_id
    left join plans rp on rp.plan_id = r.replacement_plan_id
    join members m on m.user_id = p.user_id
    left join enrollments e on e.id = p.enrollment_id
    where r.starts_on <= ${today}::date and p.status = 'ACTIVE' and p.ends_on is null
      and (r.replacement_plan_id is not null or r.renewal_cents is null)
      and coalesce(p.eoi_status, 'none') not in ('pending', 'more_information', 'declined')
      and not exists (select 1 from renewal_changes c where c.policy_id = r.policy_id and c.starts_on = r.starts_on)
    order by r.starts_on, r.policy_id
    limit ${limit}`.execute(db);
  return r.rows;
}

/** Claims the change of a policy on a renewal date: false when it was made already (the primary key decides). */
export const claimChange = async (db: Db, policyId: number, startsOn: string, action: RenewalChangesTable['action']) =>
  (
    await db
      .insertInto('renewal_changes')
      .values({ policy_id: policyId, starts_on: startsOn, action, new_policy_id: null })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst()
  ).numInsertedOrUpdatedRows === 1n;

export const setNewPolicy = (db: Db, policyId: number, startsOn: string, newPolicyId: number) =>
  db
    .updateTable('renewal_changes')
    .set({ new_policy_id: newPolicyId })
    .where('policy_id', '=', policyId)
    .where('starts_on', '=', startsOn)
    .execute();

/** The policy's coverage ends on `endsOn` (the day before the renewal date). */
export const endPolicy = (db: Db, policyId: number, endsOn: string) =>
  db.updateTable('policies').set({ ends_on: endsOn }).where('policy_id', '=', policyId).execute();

export const insertPolicy = async (
  db: Db,
  v: { user_id: number; plan_id: number; tier: string; effective_date: string; enrollment_id: string | null },
) =>
  (
    await db
      .insertInto('policies')
      .values({ ...v, status: 'ACTIVE' })
      .returning('policy_id')
      .executeTakeFirstOrThrow()
  ).policy_id;

/** The replacement's rate row of the tier at this price (the grid in force, the renewal's period applied), else of the tier. */
export const rateRowOf = (db: Db, planId: number, tier: string, priceCents: number) =>
  db
    .selectFrom('plan_rates')
    .select('plan_pricing_id')
    .where('plan_id', '=', planId)
    .where('tier', '=', tier)
    .where('label', 'is distinct from', 'retired')
    .orderBy(sql`case when price_cents = ${priceCents} then 0 else 1 end`)
    .orderBy('plan_pricing_id')
    .executeTakeFirst();

/** The replacement in the enrollment's cart, at the renewal's price (what the member home and the 834 read). */
export const addCartItem = (db: Db, v: { enrollment_id: string; plan_id: number; plan_pricing_id: number; price_cents: number }) =>
  db
    .insertInto('cart_items')
    .values({ ...v, parent_plan_id: null })
    .onConflict((oc) => oc.columns(['enrollment_id', 'plan_id']).doNothing())
    .execute();
