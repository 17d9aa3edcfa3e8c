import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TMe } from '@store/domain/auth';
import type { Role } from '@store/domain/codes';

export async function describeAccount(
  db: Kysely<Database>,
  a: { email: string; role: Role; agent_id: number | null; group_id: number | null; user_id: number | null },
): Promise<TMe> {
  let name: string | null = null;
  if (a.role === 'rep' && a.agent_id) {
    const r = await db.selectFrom('agents').select(['first_name', 'last_name']).where('agent_id', '=', a.agent_id).executeTakeFirst();
    name = r ? `${r.first_name} ${r.last_name}` : null;
  } else if (a.role === 'group' && a.group_id) {
    const r = await db.selectFrom('groups').select('gname').where('group_id', '=', a.group_id).executeTakeFirst();
    name = r?.gname ?? null;
  } else if (a.role === 'member' && a.user_id) {
    const r = await db.selectFrom('members').select(['first_name', 'last_name']).where('user_id', '=', a.user_id).executeTakeFirst();
    name = r ? `${r.first_name} ${r.last_name}` : null;
  } else if (a.role === 'operator') {
    name = 'Operator';
  }
  return { signed_in: true, role: a.role, email: a.email, agent_id: a.agent_id, group_id: a.group_id, user_id: a.user_id, name };
}
