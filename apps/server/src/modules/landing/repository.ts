import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const findAgent = (db: Kysely<Database>, agentId: number) =>
  db.selectFrom('agents').selectAll().where('agent_id', '=', agentId).where('active', '=', true).executeTakeFirst();

export const findGroup = (db: Kysely<Database>, groupId: number) =>
  db
    .selectFrom('groups')
    .leftJoin('agents', 'agents.agent_id', 'groups.agent_id')
    .selectAll('groups')
    .select('agents.agent_code')
    .where('groups.group_id', '=', groupId)
    .where('groups.active', '=', true)
    .executeTakeFirst();

export async function findLanding(db: Kysely<Database>, landingUrl: string) {
  const url = landingUrl.toLowerCase();
  const agent = await db
    .selectFrom('agents')
    .select(['agent_id', 'landing_url'])
    .where('landing_url', '=', url)
    .where('active', '=', true)
    .executeTakeFirst();
  if (agent) return { type: 'agent' as const, agent_id: agent.agent_id, group_id: null, landing_url: agent.landing_url! };
  const group = await db
    .selectFrom('groups')
    .select(['group_id', 'landing_url', 'agent_id'])
    .where('landing_url', '=', url)
    .where('active', '=', true)
    .executeTakeFirst();
  if (group) return { type: 'group' as const, agent_id: group.agent_id, group_id: group.group_id, landing_url: group.landing_url! };
  return null;
}

export const findMember = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('members')
    .select(['user_id', 'first_name', 'last_name', 'email', 'group_id', 'agent_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
