import type { TAgentGroup, TMemberRow, TPortal } from '@store/domain/catalog';
import { isoToUs } from '@store/domain/dates';
import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { listAgentGroups, listAgentPortals, listGroupPortals, listMemberPolicies, listMembers } from './members-repository.ts';
import type { Db } from './repository.ts';

/** The signed-in account, or 401. */
function signedIn(actor: Actor) {
  if (!actor.account) throw unauthorized();
  return actor.account;
}

/**
 * Current members, groups and portals of the signed-in rep or group administrator. The agent_id and group_id
 * query values of the documents are accepted and ignored: access comes from the session only.
 */

/** Masked SSN of a member row: only the last four digits ever leave the server. */
export const maskedSsn = (last4: string | null) => (last4 ? `XXX-XX-${last4}` : '');

async function memberRows(db: Db, where: { agent_id?: number; group_id?: number }): Promise<TMemberRow[]> {
  const members = await listMembers(db, where);
  if (!members.length) return [];
  const policies = await listMemberPolicies(
    db,
    members.map((m) => m.user_id),
  );
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

export async function agentMembers({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<TMemberRow[]> {
  const a = signedIn(actor);
  if (a.role !== 'rep' || !a.agent_id) throw notFound('No members');
  return memberRows(db, { agent_id: a.agent_id });
}

export async function groupMembers({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<TMemberRow[]> {
  const a = signedIn(actor);
  if (a.role !== 'group' || !a.group_id) throw notFound('No members');
  return memberRows(db, { group_id: a.group_id });
}

export async function agentGroups({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<TAgentGroup[]> {
  const a = signedIn(actor);
  if (a.role !== 'rep' || !a.agent_id) throw notFound('No groups');
  return (await listAgentGroups(db, a.agent_id)).map((g) => ({ gid: g.group_id, gname: g.gname, gcode: g.gcode }));
}

export async function enrollmentPortals({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<TPortal[]> {
  const a = signedIn(actor);
  if (a.role === 'rep' && a.agent_id) return listAgentPortals(db, a.agent_id);
  if (a.role === 'group' && a.group_id) return listGroupPortals(db, a.group_id);
  throw notFound('No portals');
}
