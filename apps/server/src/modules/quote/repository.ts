import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, EnrollmentsTable } from '../../db/schema.ts';

/** The SQL of the quote filter (service.ts); the step screenshots' is screenshots-repository.ts. */
export type Db = Kysely<Database> | Transaction<Database>;

export async function findReferral(db: Db, referralId: string) {
  return db.selectFrom('referrals').selectAll().where('referral_id', '=', referralId).executeTakeFirst();
}

export async function findActiveGroup(db: Db, groupId: number) {
  return db
    .selectFrom('groups')
    .select(['group_id', 'agent_id', 'gname', 'enrollment_opens_on', 'enrollment_closes_on'])
    .where('group_id', '=', groupId)
    .where('active', '=', true)
    .executeTakeFirst();
}

export async function activeAgentExists(db: Db, agentId: number): Promise<boolean> {
  return !!(await db.selectFrom('agents').select('agent_id').where('agent_id', '=', agentId).where('active', '=', true).executeTakeFirst());
}

export async function activePortalExists(db: Db, portalId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('portals')
    .select('platform_group_id')
    .where('platform_group_id', '=', portalId)
    .where('active', '=', true)
    .executeTakeFirst());
}

export async function findMember(db: Db, userId: number) {
  return db.selectFrom('members').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The first portal of a group (by id), else null. */
export async function firstGroupPortal(db: Db, groupId: number): Promise<number | null> {
  const gp = await db
    .selectFrom('group_portals')
    .select('platform_group_id')
    .where('group_id', '=', groupId)
    .orderBy('platform_group_id')
    .executeTakeFirst();
  return gp?.platform_group_id ?? null;
}

export async function insertEnrollment(db: Db, row: Insertable<EnrollmentsTable>): Promise<void> {
  await db.insertInto('enrollments').values(row).execute();
}

/** Changes columns of an enrollment (the filter as JSON text) and its updated_at. */
export async function updateEnrollment(
  db: Db,
  id: string,
  set: { filter_info?: string; portal_id?: number | null; group_id?: number | null },
): Promise<void> {
  await db
    .updateTable('enrollments')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
