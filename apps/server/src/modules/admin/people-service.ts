import type { Kysely } from 'kysely';
import { WINDOW_TEXT } from '@store/domain/group-home';
import { ADMIN_TEXT } from '@store/domain/admin';
import type { TAgentForm, TGroupForm, TPortalForm } from '@store/domain/admin-people';
import type { Database } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { audit, type Actor } from './audit.ts';
import type { Db } from './db.ts';
import * as repo from './people-repository.ts';

const nul = <T>(v: T | undefined) => (v === undefined ? null : v);

/** A landing url is unique across reps and groups (the one being edited excepted). */
async function assertLandingFree(db: Db, landing: string | null | undefined, self: { agent_id?: number; group_id?: number }) {
  if (landing && (await repo.landingTaken(db, landing, self))) throw fieldError('landing_url', ADMIN_TEXT.LANDING_TAKEN);
}

async function assertPortals(db: Db, portals: number[]) {
  if (portals.length && (await repo.countPortals(db, portals)) !== new Set(portals).size)
    throw fieldError('portals', 'Choose portals from the list.');
}

/* ---------- reps ---------- */
export async function loadAgent(db: Kysely<Database>, id: number) {
  const a = await repo.findAgent(db, id);
  if (!a) throw notFound();
  const [portals, groups, accounts] = await Promise.all([
    repo.agentPortals(db, id),
    repo.groupsOfAgent(db, id),
    repo.accountsOfAgent(db, id),
  ]);
  return { ...a, portals: portals.map((p) => p.platform_group_id), groups, accounts };
}

/** Creates a rep (existing null) or saves one, with its portals and the audit row, in one transaction. */
export async function saveAgent(db: Kysely<Database>, actor: Actor, body: TAgentForm, existing: number | null) {
  if (existing !== null && body.agent_id !== existing) throw fieldError('agent_id', 'The id of a rep cannot change.');
  const { portals, agent_id, ...fields } = body;
  const values = {
    ...fields,
    middle_name: nul(fields.middle_name),
    email: nul(fields.email),
    phone: nul(fields.phone),
    landing_url: nul(fields.landing_url),
    display_name: nul(fields.display_name),
    display_phone: nul(fields.display_phone),
    display_email: nul(fields.display_email),
    display_about_name: nul(fields.display_about_name),
    tagline: nul(fields.tagline),
    logo: nul(fields.logo),
    image: nul(fields.image),
    image_link: nul(fields.image_link),
    banner_image: nul(fields.banner_image),
    agent_bio: nul(fields.agent_bio),
  };
  await db.transaction().execute(async (trx) => {
    if (existing === null && (await repo.agentExists(trx, agent_id))) throw fieldError('agent_id', ADMIN_TEXT.ID_TAKEN);
    if (await repo.agentCodeTaken(trx, values.agent_code, agent_id)) throw fieldError('agent_code', ADMIN_TEXT.CODE_TAKEN);
    await assertLandingFree(trx, values.landing_url, { agent_id });
    await assertPortals(trx, portals);
    if (existing === null) await repo.insertAgent(trx, agent_id, values);
    else if (!(await repo.updateAgent(trx, existing, values))) throw notFound();
    await repo.replaceAgentPortals(trx, agent_id, portals);
    await audit(trx, actor, existing === null ? 'create-agent' : 'update-agent', `agent:${agent_id}`, { active: values.active });
  });
  return loadAgent(db, agent_id);
}

/* ---------- groups ---------- */
export async function loadGroup(db: Kysely<Database>, id: number) {
  const g = await repo.findGroup(db, id);
  if (!g) throw notFound();
  const [portals, accounts] = await Promise.all([repo.groupPortals(db, id), repo.groupAccounts(db, id)]);
  return {
    ...g,
    show_quotation: g.show_quotation === 'no' ? ('no' as const) : ('yes' as const),
    portals: portals.map((p) => p.platform_group_id),
    accounts,
  };
}

export async function saveGroup(db: Kysely<Database>, actor: Actor, body: TGroupForm, existing: number | null) {
  if (existing !== null && body.group_id !== existing) throw fieldError('group_id', 'The id of a group cannot change.');
  const { portals, group_id, ...fields } = body;
  const values = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === undefined ? null : v])) as typeof fields &
    Record<string, unknown>;
  if (values.state) values.state = values.state.toUpperCase();
  // Decision 2642: no bill day keeps the group's (a new group's is the 1st, the column's default).
  if (values.bill_day === null) delete values.bill_day;
  // Decision 2722: no reminder days keeps the group's (a new group's is 7, the column's default).
  if (values.open_enrollment_reminder_days === null) delete values.open_enrollment_reminder_days;
  if (values.enrollment_opens_on && values.enrollment_closes_on && values.enrollment_closes_on < values.enrollment_opens_on)
    throw fieldError('enrollment_closes_on', WINDOW_TEXT.END_BEFORE_START);
  await db.transaction().execute(async (trx) => {
    if (existing === null && (await repo.groupExists(trx, group_id))) throw fieldError('group_id', ADMIN_TEXT.ID_TAKEN);
    if (await repo.groupCodeTaken(trx, values.gcode, group_id)) throw fieldError('gcode', ADMIN_TEXT.CODE_TAKEN);
    if (values.agent_id && !(await repo.agentExists(trx, values.agent_id))) throw fieldError('agent_id', 'No rep has this id.');
    await assertLandingFree(trx, values.landing_url, { group_id });
    await assertPortals(trx, portals);
    const before = existing === null ? undefined : await repo.groupBillDay(trx, existing);
    if (existing === null) await repo.insertGroup(trx, group_id, values);
    else if (!(await repo.updateGroup(trx, existing, values))) throw notFound();
    await repo.replaceGroupPortals(trx, group_id, portals);
    // The bill day decides the next list bill's date: the audit row says when it changed, from what to what.
    const billDay =
      values.bill_day !== undefined && values.bill_day !== before ? { bill_day: values.bill_day, bill_day_was: before ?? null } : {};
    await audit(trx, actor, existing === null ? 'create-group' : 'update-group', `group:${group_id}`, {
      active: values.active,
      ...billDay,
    });
  });
  return loadGroup(db, group_id);
}

/* ---------- portals ---------- */
export async function savePortal(db: Kysely<Database>, actor: Actor, b: TPortalForm, existing: number | null) {
  if (existing !== null && b.platform_group_id !== existing) throw fieldError('platform_group_id', 'The id of a portal cannot change.');
  return db.transaction().execute(async (trx) => {
    if (existing === null && (await repo.portalExists(trx, b.platform_group_id)))
      throw fieldError('platform_group_id', ADMIN_TEXT.ID_TAKEN);
    if (await repo.portalCodeTaken(trx, b.platform_code, b.platform_group_id)) throw fieldError('platform_code', ADMIN_TEXT.CODE_TAKEN);
    const row = existing === null ? await repo.insertPortal(trx, b) : await repo.updatePortal(trx, existing, b);
    if (!row) throw notFound();
    await audit(trx, actor, existing === null ? 'create-portal' : 'update-portal', `portal:${b.platform_group_id}`, { active: b.active });
    return row;
  });
}
