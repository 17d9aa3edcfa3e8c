import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The SQL of a member's cancellation of a plan (issue 38). */
type Db = Kysely<Database> | Transaction<Database>;

/** One of this member's policies on a completed enrollment, locked; undefined when it is not theirs. */
export const lockMemberPolicy = (db: Db, userId: number, policyId: number) =>
  db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .innerJoin('enrollments', 'enrollments.id', 'policies.enrollment_id')
    .innerJoin('members', 'members.user_id', 'policies.user_id')
    .select([
      'policies.policy_id',
      'policies.plan_id',
      'policies.status',
      'policies.eoi_status',
      'policies.ends_on',
      'policies.effective_date',
      'policies.enrollment_id',
      'plans.plan_name',
      'enrollments.mail_lang',
      'members.email',
      'members.first_name',
      'members.last_name',
    ])
    .where('policies.policy_id', '=', policyId)
    .where('policies.user_id', '=', userId)
    .where('enrollments.status', '=', 'completed')
    .forUpdate('policies')
    .executeTakeFirst();

/** The memberships added with this plan on the enrollment (they end with it). */
export const membershipsOf = (db: Db, enrollmentId: string, planId: number) =>
  db
    .selectFrom('policies')
    .innerJoin('cart_items', (j) =>
      j.onRef('cart_items.enrollment_id', '=', 'policies.enrollment_id').onRef('cart_items.plan_id', '=', 'policies.plan_id'),
    )
    .select(['policies.policy_id', 'policies.plan_id'])
    .where('policies.enrollment_id', '=', enrollmentId)
    .where('cart_items.parent_plan_id', '=', planId)
    .where('policies.ends_on', 'is', null)
    .where('policies.status', '=', 'ACTIVE')
    .execute();

/** The enrollment's payment schedule (its billing record), if it has one. */
export const scheduleOf = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('billing_records')
    .select(['first_charge_on', 'starts_on', 'recurring_from', 'bill_day'])
    .where('enrollment_id', '=', enrollmentId)
    .executeTakeFirst();

/** The payments (their index) the member paid: the billing run's payments that succeeded or were debited. */
export const paidIndexes = async (db: Db, enrollmentId: string): Promise<number[]> =>
  (
    await db
      .selectFrom('premium_payments')
      .select('payment_index')
      .where('enrollment_id', '=', enrollmentId)
      .where('status', 'in', ['succeeded', 'submitted'])
      .execute()
  ).map((r) => r.payment_index);

/** Ends these policies on `endsOn` (the member's cancellation): billing stops, the row stays ACTIVE until then. */
export const endPolicies = (db: Db, policyIds: number[], endsOn: string) =>
  db.updateTable('policies').set({ ends_on: endsOn, cancelled_at: new Date() }).where('policy_id', 'in', policyIds).execute();
