import type { FastifyRequest } from 'fastify';
import type { TGroupAgentMemberInfo, TPortal } from '@store/domain/catalog';
import type { Db } from './repository.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { readFilter } from '../quote/index.ts';
import { findGroupNames, findMemberName, findPortal, listAgentPortals, listGroupPortals } from './members-repository.ts';

/**
 * get-group-agent-member-info (plans-and-cart.md section 7): the group, member and portals of the caller's quote
 * (their own enrollment only), or of a group named in the query.
 */
export async function groupAgentMemberInfo(
  db: Db,
  request: FastifyRequest,
  enrollmentId: string | undefined,
  groupIdAsked: number | undefined,
): Promise<TGroupAgentMemberInfo> {
  let groupId = groupIdAsked ?? null;
  let userId: number | null = null;
  let portalId: number | null = null;
  let agentId: number | null = null;
  let enrollmentType: string | null = null;
  if (enrollmentId) {
    const e = await loadOwnedEnrollment(request, enrollmentId);
    const f = readFilter(e);
    groupId = e.group_id ?? (f.group_id ? Number(f.group_id) : null);
    userId = e.user_id ?? (f.user_id ? Number(f.user_id) : null);
    portalId = e.portal_id ?? (f.platform_group_id ? Number(f.platform_group_id) : null);
    agentId = e.agent_id;
    enrollmentType = e.type;
  }
  const g = groupId ? await findGroupNames(db, groupId) : undefined;
  const u = userId ? await findMemberName(db, userId) : undefined;
  let platforms: TPortal[] = g ? await listGroupPortals(db, g.group_id) : [];
  if (!platforms.length && agentId) platforms = await listAgentPortals(db, agentId);
  const portal = portalId ? ((await findPortal(db, portalId)) ?? null) : null;
  return {
    enrollment_type: enrollmentType,
    user_info: u ? { first_name: u.first_name, last_name: u.last_name, user_id: u.user_id } : null,
    group_info: g ? { group_id: g.group_id, name: g.gname, code: g.gcode } : null,
    platforms,
    portal,
  };
}
