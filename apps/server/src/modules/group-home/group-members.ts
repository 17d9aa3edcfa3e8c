import { EOI_WAITING } from '@store/domain/coverage-changes';
import type { TGroupEmployee } from '@store/domain/group-home';
import * as repo from './repository.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * Everyone in the group (issue 37): the census rows, each with the plans its member holds now (matched by e-mail),
 * and the members of the group who are not on the census (enrolled through the group's link, a rep, or before the
 * census), marked so. Someone holding an active plan counts as enrolled whatever the census row says.
 */
export async function everyoneInGroup(db: repo.Db, groupId: number, census: TGroupEmployee[]): Promise<TGroupEmployee[]> {
  type Member = { name: string; email: string | null; plans: string[]; pending: string[]; since: Date | string | null };
  const members = new Map<number, Member>();
  for (const r of await repo.groupMembers(db, groupId)) {
    const m = members.get(r.user_id) ?? { name: `${r.first_name} ${r.last_name}`, email: r.email, plans: [], pending: [], since: null };
    if (r.plan_name && !m.plans.includes(r.plan_name)) m.plans.push(r.plan_name);
    // Issue 38: a plan whose evidence of insurability is awaited is named so (never its answers).
    if (r.plan_name && r.eoi_status && EOI_WAITING.includes(r.eoi_status) && !m.pending.includes(r.plan_name)) m.pending.push(r.plan_name);
    if (r.created_at && (!m.since || new Date(r.created_at) < new Date(m.since))) m.since = r.created_at;
    members.set(r.user_id, m);
  }
  const byEmail = new Map([...members].filter(([, m]) => m.email).map(([id, m]) => [m.email!, id]));
  const matched = new Set<number>();
  const out = census.map((e) => {
    const id = byEmail.get(e.email.toLowerCase());
    const m = id === undefined ? undefined : members.get(id);
    if (id !== undefined) matched.add(id);
    const plans = m?.plans ?? [];
    return { ...e, plans, pending_evidence: m?.pending ?? [], status: plans.length ? ('enrolled' as const) : e.status };
  });
  for (const [id, m] of members) {
    if (matched.has(id)) continue;
    out.push({
      id: null,
      on_census: false,
      name: m.name,
      email: m.email ?? '',
      status: m.plans.length ? 'enrolled' : 'not_started',
      plans: m.plans,
      pending_evidence: m.pending,
      invited_at: null,
      last_activity_at: iso(m.since),
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
