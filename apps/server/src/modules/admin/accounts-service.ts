import type { Kysely } from 'kysely';
import { ADMIN_TEXT } from '@store/domain/admin';
import type { TAccountForm } from '@store/domain/admin-people';
import type { Database } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { assertPasswordNotCommon, hashPassword } from '../../lib/passwords.ts';
import { audit, type Actor } from './audit.ts';
import * as repo from './accounts-repository.ts';
import { agentExists, groupExists } from './people-repository.ts';

/** Sign-in accounts of reps, groups and operators (members' accounts come from enrollment). */
export async function createAccount(db: Kysely<Database>, actor: Actor, b: TAccountForm) {
  if (b.role === 'rep' && !b.agent_id) throw fieldError('agent_id', 'Choose the rep this account signs in as.');
  if (b.role === 'group' && !b.group_id) throw fieldError('group_id', 'Choose the group this account signs in as.');
  if (b.role === 'member') throw fieldError('role', 'Member accounts are created by enrollment.');
  assertPasswordNotCommon(b.password, [b.email]);
  const password_hash = await hashPassword(b.password);
  return db.transaction().execute(async (trx) => {
    if (await repo.emailTaken(trx, b.email)) throw fieldError('email', ADMIN_TEXT.EMAIL_TAKEN);
    if (b.agent_id && !(await agentExists(trx, b.agent_id))) throw fieldError('agent_id', 'No rep has this id.');
    if (b.group_id && !(await groupExists(trx, b.group_id))) throw fieldError('group_id', 'No group has this id.');
    const r = await repo.insertAccount(trx, {
      email: b.email,
      password_hash,
      role: b.role,
      agent_id: b.role === 'rep' ? b.agent_id! : null,
      group_id: b.role === 'group' ? b.group_id! : null,
    });
    await audit(trx, actor, 'create-account', `account:${r.id}`, { role: r.role });
    return r;
  });
}

/** A new password (not a common one); a reset signs the account out everywhere. */
export async function resetPassword(db: Kysely<Database>, actor: Actor, id: number, password: string) {
  const account = await repo.findAccountEmail(db, id);
  if (!account) throw notFound();
  assertPasswordNotCommon(password, [account.email]);
  const password_hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const r = await repo.setPasswordHash(trx, id, password_hash);
    if (!r) throw notFound();
    await repo.deleteSessionsOf(trx, r.id);
    await audit(trx, actor, 'reset-password', `account:${r.id}`, {});
    return r;
  });
}

/** Activates or deactivates an account (not one's own); a deactivated account is signed out everywhere. */
export async function setActive(db: Kysely<Database>, actor: Actor, id: number, active: boolean) {
  if (id === actor.account?.id && !active) throw fieldError('active', 'You cannot deactivate your own account.');
  return db.transaction().execute(async (trx) => {
    const r = await repo.setActive(trx, id, active);
    if (!r) throw notFound();
    if (!r.active) await repo.deleteSessionsOf(trx, r.id);
    await audit(trx, actor, r.active ? 'activate-account' : 'deactivate-account', `account:${r.id}`, {});
    return r;
  });
}
