import type { TPortal } from '@store/domain/catalog';
import type { Db } from './repository.ts';

/** The SQL of a rep's or group administrator's members, groups and portals (members-service.ts). */

export async function listMembers(db: Db, where: { agent_id?: number; group_id?: number }) {
  let q = db
    .selectFrom('members')
    .leftJoin('groups', 'groups.group_id', 'members.group_id')
    .select([
      'members.user_id',
      'members.first_name',
      'members.middle_name',
      'members.last_name',
      'members.dob',
      'members.email',
      'members.ssn_last4',
      'members.group_id',
      'groups.gname',
    ]);
  if (where.agent_id !== undefined) q = q.where('members.agent_id', '=', where.agent_id);
  if (where.group_id !== undefined) q = q.where('members.group_id', '=', where.group_id);
  return q.orderBy('members.last_name').orderBy('members.first_name').orderBy('members.user_id').execute();
}

/** The policies of these members with their plan's name, in policy order. */
export async function listMemberPolicies(db: Db, userIds: number[]) {
  if (!userIds.length) return [];
  return db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .select(['policies.user_id', 'policies.policy_id', 'policies.status', 'plans.plan_name'])
    .where('policies.user_id', 'in', userIds)
    .orderBy('policies.policy_id')
    .execute();
}

export async function listAgentGroups(db: Db, agentId: number) {
  return db
    .selectFrom('groups')
    .select(['group_id', 'gname', 'gcode'])
    .where('agent_id', '=', agentId)
    .where('active', '=', true)
    .orderBy('gname')
    .execute();
}

const portalCols = ['portals.platform_group_id', 'portals.platform_name', 'portals.platform_code'] as const;

export async function listAgentPortals(db: Db, agentId: number): Promise<TPortal[]> {
  return db
    .selectFrom('agent_portals')
    .innerJoin('portals', 'portals.platform_group_id', 'agent_portals.platform_group_id')
    .select(portalCols)
    .where('agent_portals.agent_id', '=', agentId)
    .where('portals.active', '=', true)
    .orderBy('portals.platform_group_id')
    .execute();
}

export async function listGroupPortals(db: Db, groupId: number): Promise<TPortal[]> {
  return db
    .selectFrom('group_portals')
    .innerJoin('portals', 'portals.platform_group_id', 'group_portals.platform_group_id')
    .select(portalCols)
    .where('group_portals.group_id', '=', groupId)
    .where('portals.active', '=', true)
    .orderBy('portals.platform_group_id')
    .execute();
}

export const findGroupNames = (db: Db, groupId: number) =>
  db.selectFrom('groups').select(['group_id', 'gname', 'gcode']).where('group_id', '=', groupId).executeTakeFirst();

export const findMemberName = (db: Db, userId: number) =>
  db.selectFrom('members').select(['first_name', 'last_name', 'user_id']).where('user_id', '=', userId).executeTakeFirst();

export const findPortal = (db: Db, portalId: number): Promise<TPortal | undefined> =>
  db
    .selectFrom('portals')
    .select(['platform_group_id', 'platform_name', 'platform_code'])
    .where('platform_group_id', '=', portalId)
    .executeTakeFirst();
