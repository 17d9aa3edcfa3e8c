import type { Kysely, Transaction } from 'kysely';
import type { Database, EoiStatus } from '../../db/schema.ts';

/** The SQL of evidence of insurability (issue 38). Every method takes the database or the caller's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

const caseColumns = [
  'policies.policy_id',
  'policies.plan_id',
  'plans.plan_name',
  'members.first_name',
  'members.last_name',
  'members.email',
  'policies.enrollment_id',
  'enrollments.confirmation_number',
  'enrollments.mail_lang',
  'policies.eoi_status',
  'policies.eoi_reference',
  'policies.eoi_reason',
  'policies.effective_date',
  'enrollments.completed_at',
] as const;

const cases = (db: Db) =>
  db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .innerJoin('members', 'members.user_id', 'policies.user_id')
    .leftJoin('enrollments', 'enrollments.id', 'policies.enrollment_id')
    .leftJoin('cart_items', (j) =>
      j.onRef('cart_items.enrollment_id', '=', 'policies.enrollment_id').onRef('cart_items.plan_id', '=', 'policies.plan_id'),
    )
    // A membership added with a plan follows its plan's decision: the operator sees the plan only.
    .where('cart_items.parent_plan_id', 'is', null)
    .where('policies.eoi_status', 'is not', null);

/** Every policy with evidence of insurability: those waiting first, then the latest. */
export const listCases = (db: Db) =>
  cases(db)
    .select(caseColumns)
    .orderBy((eb) => eb.case().when('policies.eoi_status', 'in', ['pending', 'more_information']).then(0).else(1).end())
    .orderBy('policies.policy_id', 'desc')
    .limit(500)
    .execute();
export type EoiCaseRow = Awaited<ReturnType<typeof listCases>>[number];

/** One case, its policy locked for the decision. */
export const lockCase = (db: Db, policyId: number) =>
  cases(db).select(caseColumns).where('policies.policy_id', '=', policyId).forUpdate('policies').executeTakeFirst();

export const findCase = (db: Db, policyId: number) =>
  cases(db).select(caseColumns).where('policies.policy_id', '=', policyId).executeTakeFirst();

/** The policies a decision on `policyId` applies to: the plan's own and the membership added with it. */
export const followersOf = (db: Db, enrollmentId: string, planId: number) =>
  db
    .selectFrom('policies')
    .innerJoin('cart_items', (j) =>
      j.onRef('cart_items.enrollment_id', '=', 'policies.enrollment_id').onRef('cart_items.plan_id', '=', 'policies.plan_id'),
    )
    .select(['policies.policy_id', 'policies.plan_id'])
    .where('policies.enrollment_id', '=', enrollmentId)
    .where('cart_items.parent_plan_id', '=', planId)
    .where('policies.eoi_status', 'in', ['pending', 'more_information'])
    .execute();

export async function decide(
  db: Db,
  policyIds: number[],
  patch: {
    eoi_status: EoiStatus;
    eoi_reference: string;
    eoi_reason: string | null;
    eoi_decided_by: number | null;
    effective_date?: string;
    status?: 'INACTIVE';
  },
) {
  await db
    .updateTable('policies')
    .set({ ...patch, eoi_decided_at: new Date() })
    .where('policy_id', 'in', policyIds)
    .execute();
}

export const listPlanSettings = (db: Db) =>
  db.selectFrom('plans').select(['plan_id', 'plan_name', 'category', 'needs_evidence']).orderBy('category').orderBy('plan_name').execute();

export const setNeedsEvidence = (db: Db, planId: number, needs: boolean) =>
  db
    .updateTable('plans')
    .set({ needs_evidence: needs, updated_at: new Date() })
    .where('plan_id', '=', planId)
    .returning(['plan_id', 'plan_name', 'category', 'needs_evidence'])
    .executeTakeFirst();

export async function writeAudit(db: Db, accountId: number | null, action: string, target: string, detail: Record<string, unknown>) {
  await db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
}

/**
 * The plan a pending policy replaces (a life event's change of plan, decision 2650): the old policy still running,
 * its plan and start, and the new plan's price in the cart. Undefined when the policy replaces nothing.
 */
export const replacedBy = (db: Db, policyId: number) =>
  db
    .selectFrom('policies as n')
    .innerJoin('policies as o', 'o.policy_id', 'n.replaces_policy_id')
    .innerJoin('cart_items as c', (j) => j.onRef('c.enrollment_id', '=', 'n.enrollment_id').onRef('c.plan_id', '=', 'n.plan_id'))
    .leftJoin('life_events as le', 'le.id', 'n.life_event_id')
    .select([
      'o.policy_id',
      'o.plan_id',
      'o.effective_date',
      'n.plan_id as new_plan_id',
      'n.user_id',
      'n.tier',
      'le.event_type',
      'c.price_cents as new_price_cents',
    ])
    .where('n.policy_id', '=', policyId)
    .where('o.ends_on', 'is', null)
    .where('o.status', '=', 'ACTIVE')
    .executeTakeFirst();

/** Ends the replaced policy on `endsOn` (billing and the carriers' data follow `ends_on`). */
export const endReplaced = (db: Db, policyId: number, endsOn: string) =>
  db.updateTable('policies').set({ ends_on: endsOn, cancelled_at: new Date() }).where('policy_id', '=', policyId).execute();
