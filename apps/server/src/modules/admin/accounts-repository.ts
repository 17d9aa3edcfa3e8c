import type { Role } from '@store/domain/codes';
import { containsLike } from '../../lib/escape-like.ts';
import type { Db } from './db.ts';

const accountColumns = ['id', 'email', 'role', 'agent_id', 'group_id', 'active'] as const;

/** SQL of the console's sign-in accounts. */
export async function pageAccounts(db: Db, f: { q?: string; role?: Role; limit: number; offset: number }) {
  let base = db.selectFrom('accounts');
  if (f.role) base = base.where('role', '=', f.role);
  if (f.q) base = base.where('email', 'ilike', containsLike(f.q.toLowerCase()));
  const [items, count] = await Promise.all([
    base.select(accountColumns).orderBy('id').limit(f.limit).offset(f.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export const findAccountEmail = (db: Db, id: number) => db.selectFrom('accounts').select('email').where('id', '=', id).executeTakeFirst();

export const emailTaken = async (db: Db, email: string) =>
  !!(await db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst());

export const insertAccount = (
  db: Db,
  values: { email: string; password_hash: string; role: Role; agent_id: number | null; group_id: number | null },
) => db.insertInto('accounts').values(values).returning(accountColumns).executeTakeFirstOrThrow();

export const setPasswordHash = (db: Db, id: number, password_hash: string) =>
  db.updateTable('accounts').set({ password_hash }).where('id', '=', id).returning(accountColumns).executeTakeFirst();

export const setActive = (db: Db, id: number, active: boolean) =>
  db.updateTable('accounts').set({ active }).where('id', '=', id).returning(accountColumns).executeTakeFirst();

/** Signs an account out everywhere. */
export const deleteSessionsOf = (db: Db, accountId: number) => db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
