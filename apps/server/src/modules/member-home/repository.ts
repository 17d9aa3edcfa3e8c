import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TRateRow } from '@store/domain/pricing';

/** The SQL of the member's home (issue 24). Every method takes the database or the caller's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

/** The member with the group's name and the agent's phone (the ID card's fallback phone). */
export const findMember = (db: Db, userId: number) =>
  db
    .selectFrom('members')
    .leftJoin('groups', 'groups.group_id', 'members.group_id')
    .leftJoin('agents', 'agents.agent_id', 'members.agent_id')
    .select([
      'members.user_id',
      'members.first_name',
      'members.last_name',
      'members.dob',
      'members.state',
      'members.address1',
      'members.address2',
      'members.city',
      'members.zip',
      'members.group_id',
      'groups.gname as group_name',
      'groups.payment_method as group_payment_method',
      'agents.display_phone as agent_phone',
    ])
    .where('members.user_id', '=', userId)
    .executeTakeFirst();

/** The member's policies, newest first, with plan, carrier and what the enrollment's cart charged for the plan. */
export const listPolicies = (db: Db, userId: number) =>
  db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .leftJoin('carriers', 'carriers.id', 'plans.carrier_id')
    .leftJoin('cart_items', (j) =>
      j.onRef('cart_items.enrollment_id', '=', 'policies.enrollment_id').onRef('cart_items.plan_id', '=', 'policies.plan_id'),
    )
    .select([
      'policies.policy_id',
      'policies.plan_id',
      'policies.tier',
      'policies.status',
      'policies.effective_date',
      'policies.enrollment_id',
      'plans.plan_name',
      'plans.category',
      'plans.carrier',
      'carriers.member_phone as carrier_phone',
      'carriers.payer_id',
      'carriers.claims_address',
      'carriers.logo as carrier_logo',
      'carriers.group_number',
      'cart_items.price_cents as cart_cents',
      'policies.eoi_status',
      'policies.ends_on',
      'policies.carrier_status',
      'policies.carrier_policy_number',
    ])
    .where('policies.user_id', '=', userId)
    .orderBy('policies.status')
    .orderBy('policies.policy_id', 'desc')
    .execute();

export const ratesOf = (db: Db, planIds: number[]): Promise<TRateRow[]> =>
  planIds.length ? db.selectFrom('plan_rates').selectAll().where('plan_id', 'in', planIds).execute() : Promise.resolve([]);

/** The member's completed enrollments (the documents and beneficiaries hang on them). */
export const listCompletedEnrollments = (db: Db, userId: number) =>
  db
    .selectFrom('enrollments')
    .select(['id', 'confirmation_number', 'tabs', 'completed_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .orderBy('completed_at', 'desc')
    .execute();

/** One completed enrollment of this member, locked for a change; undefined when it is not theirs. */
export const lockMemberEnrollment = (db: Db, userId: number, enrollmentId: string) =>
  db
    .selectFrom('enrollments')
    .selectAll()
    .where('id', '=', enrollmentId)
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .forUpdate()
    .executeTakeFirst();

/** Every completed enrollment of this member, locked for an address change. */
export const lockCompletedEnrollments = (db: Db, userId: number) =>
  db
    .selectFrom('enrollments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .orderBy('completed_at', 'desc')
    .forUpdate()
    .execute();

/** The member's address (the 834 subscriber's N3/N4 are read from this row). */
export const updateMemberAddress = (
  db: Db,
  userId: number,
  a: { address1: string; address2: string | null; city: string; state: string; zip: string },
) => db.updateTable('members').set(a).where('user_id', '=', userId).executeTakeFirst();

export const findMemberEnrollment = (db: Db, userId: number, enrollmentId: string) =>
  db
    .selectFrom('enrollments')
    .selectAll()
    .where('id', '=', enrollmentId)
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .executeTakeFirst();

/** The issued documents' kinds per enrollment (modules/consent's table). */
export const issuedKinds = (db: Db, enrollmentIds: string[]) =>
  enrollmentIds.length
    ? db.selectFrom('issued_documents').select(['enrollment_id', 'kind']).distinct().where('enrollment_id', 'in', enrollmentIds).execute()
    : Promise.resolve([]);

/** The payment method on file: the member's newest. */
export const latestPaymentMethod = (db: Db, userId: number) =>
  db
    .selectFrom('member_payment_methods')
    .select(['id', 'kind', 'bank_name', 'account_last4', 'card_brand', 'card_last4'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Plan names of an enrollment's policies. */
export const planNamesOf = (db: Db, enrollmentIds: string[]) =>
  enrollmentIds.length
    ? db
        .selectFrom('policies')
        .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
        .select(['policies.enrollment_id', 'plans.plan_name'])
        .where('policies.enrollment_id', 'in', enrollmentIds)
        .orderBy('plans.plan_name')
        .execute()
    : Promise.resolve([]);

export async function writeAudit(db: Db, accountId: number, action: string, target: string, detail: Record<string, unknown>) {
  await db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
}

/** A stored file's bytes (private media: the documents). */
/** A public media row's bytes (an uploaded logo); private files (signatures, receipts) are never read by it. */
export const publicMediaBytes = (db: Db, id: string) =>
  db.selectFrom('media').select('data').where('id', '=', id).where('private', '=', false).executeTakeFirst();

export const mediaBytes = (db: Db, id: string) => db.selectFrom('media').select('data').where('id', '=', id).executeTakeFirst();
