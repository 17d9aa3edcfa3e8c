import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAgentGroup, ZMemberRow, ZPortal, type TMemberRow } from '@store/domain/catalog';
import { isoToUs } from '@store/domain/dates';
import { requireAccount } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { ok, responses, zOptionalId } from '../../lib/http.ts';
import type { Db } from './repository.ts';

/** Masked SSN of a member row: only the last four digits ever leave the server. */
export const maskedSsn = (last4: string | null) => (last4 ? `XXX-XX-${last4}` : '');

async function memberRows(db: Db, where: { agent_id?: number; group_id?: number }): Promise<TMemberRow[]> {
  let q = db.selectFrom('members').leftJoin('groups', 'groups.group_id', 'members.group_id').select(['members.user_id', 'members.first_name', 'members.middle_name', 'members.last_name', 'members.dob', 'members.email', 'members.ssn_last4', 'members.group_id', 'groups.gname']);
  if (where.agent_id !== undefined) q = q.where('members.agent_id', '=', where.agent_id);
  if (where.group_id !== undefined) q = q.where('members.group_id', '=', where.group_id);
  const members = await q.orderBy('members.last_name').orderBy('members.first_name').orderBy('members.user_id').execute();
  if (!members.length) return [];
  const policies = await db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .select(['policies.user_id', 'policies.policy_id', 'policies.status', 'plans.plan_name'])
    .where('policies.user_id', 'in', members.map((m) => m.user_id))
    .orderBy('policies.policy_id')
    .execute();
  return members.map((m) => {
    const mine = policies.filter((p) => p.user_id === m.user_id);
    return {
      name: [m.first_name, m.middle_name, m.last_name].filter(Boolean).join(' '),
      dob: isoToUs(m.dob),
      email: m.email,
      ssn: maskedSsn(m.ssn_last4),
      policy_id: mine[0]?.policy_id ?? null,
      user_id: m.user_id,
      group_info: { group_id: m.group_id, group_name: m.gname ?? null },
      plan_info: mine.map((p) => ({ plan_name: p.plan_name, plan_status: p.status })),
    };
  });
}

const portalCols = ['portals.platform_group_id', 'portals.platform_name', 'portals.platform_code'] as const;
const idsQuery = z.object({ agent_id: zOptionalId, group_id: zOptionalId });

/**
 * Current members, groups and portals of the signed-in rep or group administrator. The agent_id and
 * group_id query values of the documents are accepted and ignored: access comes from the session only.
 */
const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/v1/get-agent-members', { schema: { tags: ['catalog'], querystring: idsQuery, response: responses(z.object({ result: z.array(ZMemberRow) })) } }, async (request) => {
    const a = requireAccount(request);
    if (a.role !== 'rep' || !a.agent_id) throw notFound('No members');
    return ok({ result: await memberRows(app.db, { agent_id: a.agent_id }) });
  });

  app.get('/api/v1/get-group-users', { schema: { tags: ['catalog'], querystring: idsQuery, response: responses(z.object({ result: z.array(ZMemberRow) })) } }, async (request) => {
    const a = requireAccount(request);
    if (a.role !== 'group' || !a.group_id) throw notFound('No members');
    return ok({ result: await memberRows(app.db, { group_id: a.group_id }) });
  });

  app.get('/api/v1/get-agent-groups', { schema: { tags: ['catalog'], querystring: idsQuery, response: responses(z.object({ result: z.array(ZAgentGroup) })) } }, async (request) => {
    const a = requireAccount(request);
    if (a.role !== 'rep' || !a.agent_id) throw notFound('No groups');
    const rows = await app.db.selectFrom('groups').select(['group_id', 'gname', 'gcode']).where('agent_id', '=', a.agent_id).where('active', '=', true).orderBy('gname').execute();
    return ok({ result: rows.map((g) => ({ gid: g.group_id, gname: g.gname, gcode: g.gcode })) });
  });

  app.get('/api/v1/get-enrollment-platforms', { schema: { tags: ['catalog'], querystring: idsQuery, response: responses(z.object({ result: z.array(ZPortal) })) } }, async (request) => {
    const a = requireAccount(request);
    if (a.role === 'rep' && a.agent_id) {
      const rows = await app.db.selectFrom('agent_portals').innerJoin('portals', 'portals.platform_group_id', 'agent_portals.platform_group_id').select(portalCols).where('agent_portals.agent_id', '=', a.agent_id).where('portals.active', '=', true).orderBy('portals.platform_group_id').execute();
      return ok({ result: rows });
    }
    if (a.role === 'group' && a.group_id) {
      const rows = await app.db.selectFrom('group_portals').innerJoin('portals', 'portals.platform_group_id', 'group_portals.platform_group_id').select(portalCols).where('group_portals.group_id', '=', a.group_id).where('portals.active', '=', true).orderBy('portals.platform_group_id').execute();
      return ok({ result: rows });
    }
    throw notFound('No portals');
  });
};
export default membersRoutes;
