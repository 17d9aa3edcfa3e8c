import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TMe } from '@store/domain/auth';
import type { Role } from '@store/domain/codes';
import * as repo from './repository.ts';

/** Who is signed in, as the API answers it (a rep's, group's or member's name). */
export async function describeAccount(
  db: Kysely<Database>,
  a: { email: string; role: Role; agent_id: number | null; group_id: number | null; user_id: number | null },
): Promise<TMe> {
  let name: string | null = null;
  if (a.role === 'rep' && a.agent_id) {
    const r = await repo.agentName(db, a.agent_id);
    name = r ? `${r.first_name} ${r.last_name}` : null;
  } else if (a.role === 'group' && a.group_id) {
    name = (await repo.groupName(db, a.group_id))?.gname ?? null;
  } else if (a.role === 'member' && a.user_id) {
    const r = await repo.memberName(db, a.user_id);
    name = r ? `${r.first_name} ${r.last_name}` : null;
  } else if (a.role === 'operator') {
    name = 'Operator';
  }
  return { signed_in: true, role: a.role, email: a.email, agent_id: a.agent_id, group_id: a.group_id, user_id: a.user_id, name };
}

/** Nobody signed in. */
export const ANONYMOUS: TMe = { signed_in: false, role: null, email: null, agent_id: null, group_id: null, user_id: null, name: null };
