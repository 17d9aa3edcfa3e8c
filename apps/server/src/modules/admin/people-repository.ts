import type { TAgentForm, TGroupForm, TPortalForm } from '@store/domain/admin-people';
import { containsLike } from '../../lib/escape-like.ts';
import type { Db } from './db.ts';

const byNumber = (q: string) => /^\d+$/.test(q);

/** SQL of the console's reps, groups and portals. */
export async function pageAgents(db: Db, q: string | undefined, limit: number, offset: number) {
  let base = db.selectFrom('agents');
  if (q) {
    const like = containsLike(q);
    base = base.where((eb) =>
      eb.or([
        eb('first_name', 'ilike', like),
        eb('last_name', 'ilike', like),
        eb('agent_code', 'ilike', like),
        eb('landing_url', 'ilike', like),
        eb('email', 'ilike', like),
        ...(byNumber(q) ? [eb('agent_id', '=', Number(q))] : []),
      ]),
    );
  }
  const [items, count] = await Promise.all([
    base
      .select(['agent_id', 'first_name', 'last_name', 'agent_code', 'landing_url', 'email', 'active'])
      .orderBy('agent_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export const findAgent = (db: Db, id: number) => db.selectFrom('agents').selectAll().where('agent_id', '=', id).executeTakeFirst();
export const agentExists = async (db: Db, id: number) =>
  !!(await db.selectFrom('agents').select('agent_id').where('agent_id', '=', id).executeTakeFirst());
export const agentPortals = (db: Db, id: number) =>
  db.selectFrom('agent_portals').select('platform_group_id').where('agent_id', '=', id).orderBy('platform_group_id').execute();
export const groupsOfAgent = (db: Db, id: number) =>
  db.selectFrom('groups').select(['group_id', 'gname']).where('agent_id', '=', id).orderBy('group_id').execute();
export const accountsOfAgent = (db: Db, id: number) =>
  db.selectFrom('accounts').select(['id', 'email', 'role', 'active']).where('agent_id', '=', id).orderBy('id').execute();
export const agentCodeTaken = async (db: Db, code: string, self: number) =>
  !!(await db.selectFrom('agents').select('agent_id').where('agent_code', '=', code).where('agent_id', '!=', self).executeTakeFirst());

type AgentValues = Omit<TAgentForm, 'portals' | 'agent_id'>;
export const insertAgent = (db: Db, agent_id: number, values: AgentValues) =>
  db
    .insertInto('agents')
    .values({ agent_id, ...values })
    .execute();
export const updateAgent = async (db: Db, id: number, values: AgentValues) =>
  (await db.updateTable('agents').set(values).where('agent_id', '=', id).executeTakeFirst()).numUpdatedRows > 0n;
export async function replaceAgentPortals(db: Db, agent_id: number, portals: number[]) {
  await db.deleteFrom('agent_portals').where('agent_id', '=', agent_id).execute();
  if (portals.length)
    await db
      .insertInto('agent_portals')
      .values(portals.map((p) => ({ agent_id, platform_group_id: p })))
      .execute();
}

/** Whether a landing url is used by a rep or a group (the one being edited excepted). */
export async function landingTaken(db: Db, landing: string, self: { agent_id?: number; group_id?: number }) {
  let a = db.selectFrom('agents').select('agent_id').where('landing_url', '=', landing);
  if (self.agent_id) a = a.where('agent_id', '!=', self.agent_id);
  let g = db.selectFrom('groups').select('group_id').where('landing_url', '=', landing);
  if (self.group_id) g = g.where('group_id', '!=', self.group_id);
  return !!((await a.executeTakeFirst()) || (await g.executeTakeFirst()));
}

export async function pageGroups(db: Db, f: { q?: string; agent_id?: number; limit: number; offset: number }) {
  let base = db.selectFrom('groups');
  if (f.agent_id) base = base.where('agent_id', '=', f.agent_id);
  const q = f.q;
  if (q) {
    const like = containsLike(q);
    base = base.where((eb) =>
      eb.or([
        eb('gname', 'ilike', like),
        eb('gcode', 'ilike', like),
        eb('landing_url', 'ilike', like),
        ...(byNumber(q) ? [eb('group_id', '=', Number(q))] : []),
      ]),
    );
  }
  const [items, count] = await Promise.all([
    base
      .select(['group_id', 'gname', 'gcode', 'agent_id', 'landing_url', 'active'])
      .orderBy('group_id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export const findGroup = (db: Db, id: number) => db.selectFrom('groups').selectAll().where('group_id', '=', id).executeTakeFirst();
export const groupExists = async (db: Db, id: number) =>
  !!(await db.selectFrom('groups').select('group_id').where('group_id', '=', id).executeTakeFirst());
export const groupPortals = (db: Db, id: number) =>
  db.selectFrom('group_portals').select('platform_group_id').where('group_id', '=', id).orderBy('platform_group_id').execute();
export const groupAccounts = (db: Db, id: number) =>
  db
    .selectFrom('accounts')
    .select(['id', 'email', 'role', 'agent_id', 'group_id', 'active'])
    .where('group_id', '=', id)
    .where('role', '=', 'group')
    .orderBy('id')
    .execute();
export const groupCodeTaken = async (db: Db, code: string, self: number) =>
  !!(await db.selectFrom('groups').select('group_id').where('gcode', '=', code).where('group_id', '!=', self).executeTakeFirst());

type GroupValues = Omit<TGroupForm, 'portals' | 'group_id'>;
/** The group's bill day (decision 2642), read in the saving transaction before it changes. */
export const groupBillDay = async (db: Db, id: number) =>
  (await db.selectFrom('groups').select('bill_day').where('group_id', '=', id).forUpdate().executeTakeFirst())?.bill_day;
export const insertGroup = (db: Db, group_id: number, values: GroupValues) =>
  db
    .insertInto('groups')
    .values({ group_id, ...values })
    .execute();
export const updateGroup = async (db: Db, id: number, values: GroupValues) =>
  (await db.updateTable('groups').set(values).where('group_id', '=', id).executeTakeFirst()).numUpdatedRows > 0n;
export async function replaceGroupPortals(db: Db, group_id: number, portals: number[]) {
  await db.deleteFrom('group_portals').where('group_id', '=', group_id).execute();
  if (portals.length)
    await db
      .insertInto('group_portals')
      .values(portals.map((p) => ({ group_id, platform_group_id: p })))
      .execute();
}

const portalColumns = ['platform_group_id', 'platform_name', 'platform_code', 'active'] as const;
export async function pagePortals(db: Db, q: string | undefined, limit: number, offset: number) {
  let base = db.selectFrom('portals');
  if (q) base = base.where((eb) => eb.or([eb('platform_name', 'ilike', containsLike(q)), eb('platform_code', 'ilike', containsLike(q))]));
  const [items, count] = await Promise.all([
    base.select(portalColumns).orderBy('platform_group_id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}
export const portalExists = async (db: Db, id: number) =>
  !!(await db.selectFrom('portals').select('platform_group_id').where('platform_group_id', '=', id).executeTakeFirst());
export const portalCodeTaken = async (db: Db, code: string, self: number) =>
  !!(await db
    .selectFrom('portals')
    .select('platform_group_id')
    .where('platform_code', '=', code)
    .where('platform_group_id', '!=', self)
    .executeTakeFirst());
/** How many of these portals exist. */
export const countPortals = async (db: Db, ids: number[]) =>
  (await db.selectFrom('portals').select('platform_group_id').where('platform_group_id', 'in', ids).execute()).length;
export const insertPortal = (db: Db, b: TPortalForm) =>
  db.insertInto('portals').values(b).returning(portalColumns).executeTakeFirstOrThrow();
export const updatePortal = (db: Db, id: number, b: TPortalForm) =>
  db
    .updateTable('portals')
    .set({ platform_name: b.platform_name, platform_code: b.platform_code, active: b.active })
    .where('platform_group_id', '=', id)
    .returning(portalColumns)
    .executeTakeFirst();
