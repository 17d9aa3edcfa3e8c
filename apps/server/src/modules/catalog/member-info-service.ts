import type { TGroupAgentMemberInfo, TPortal } from '@store/domain/catalog';
import type { TQuoteContext } from '@store/domain/contract/catalog';
import type { Enrollment } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Db } from './repository.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { readFilter } from '../quote/index.ts';
import { findGroupNames, findMemberName, findPortal, listAgentPortals, listGroupPortals } from './members-repository.ts';

/** The group, member and portal a quote is for (its columns, else its filter's). */
function quoteIds(e: Enrollment) {
  const f = readFilter(e);
  return {
    groupId: e.group_id ?? (f.group_id ? Number(f.group_id) : null),
    userId: e.user_id ?? (f.user_id ? Number(f.user_id) : null),
    portalId: e.portal_id ?? (f.platform_group_id ? Number(f.platform_group_id) : null),
  };
}

type GroupRow = Awaited<ReturnType<typeof findGroupNames>>;
type MemberRow = Awaited<ReturnType<typeof findMemberName>>;
const groupInfo = (g: GroupRow) => (g ? { group_id: g.group_id, name: g.gname, code: g.gcode } : null);
const userInfo = (u: MemberRow) => (u ? { first_name: u.first_name, last_name: u.last_name, user_id: u.user_id } : null);

/** Who a quote is for, as the plans page's lines say it: a query for each of its group, member and portal it has. */
export async function quoteContext(db: Db, e: Enrollment): Promise<TQuoteContext> {
  const { groupId, userId, portalId } = quoteIds(e);
  const [g, u, portal] = await Promise.all([
    groupId ? findGroupNames(db, groupId) : undefined,
    userId ? findMemberName(db, userId) : undefined,
    portalId ? findPortal(db, portalId) : undefined,
  ]);
  return { group_info: groupInfo(g), user_info: userInfo(u), portal: portal ?? null };
}

/**
 * get-group-agent-member-info (plans-and-cart.md section 7): the group, member and portals of the caller's quote
 * (their own enrollment only), or of a group named in the query.
 */
export async function groupAgentMemberInfo(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  enrollmentId: string | undefined,
  groupIdAsked: number | undefined,
): Promise<TGroupAgentMemberInfo> {
  let ids: ReturnType<typeof quoteIds> = { groupId: groupIdAsked ?? null, userId: null, portalId: null };
  let agentId: number | null = null;
  let enrollmentType: string | null = null;
  if (enrollmentId) {
    const e = await loadOwnedEnrollment(actor, enrollmentId, db);
    ids = quoteIds(e);
    agentId = e.agent_id;
    enrollmentType = e.type;
  }
  const g = ids.groupId ? await findGroupNames(db, ids.groupId) : undefined;
  const u = ids.userId ? await findMemberName(db, ids.userId) : undefined;
  let platforms: TPortal[] = g ? await listGroupPortals(db, g.group_id) : [];
  if (!platforms.length && agentId) platforms = await listAgentPortals(db, agentId);
  const portal = ids.portalId ? ((await findPortal(db, ids.portalId)) ?? null) : null;
  return { enrollment_type: enrollmentType, user_info: userInfo(u), group_info: groupInfo(g), platforms, portal };
}
