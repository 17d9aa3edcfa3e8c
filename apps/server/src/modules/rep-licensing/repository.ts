import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** The rep's license in this state if it is current on `today` (YYYY-MM-DD). */
export const currentLicense = (db: Db, agentId: number, state: string, today: string) =>
  db
    .selectFrom('rep_licenses')
    .select(['state', 'expires_on'])
    .where('agent_id', '=', agentId)
    .where('state', '=', state)
    .where('expires_on', '>=', today)
    .executeTakeFirst();

/** The group's own state (its address), or null when the group has none. */
export const groupState = async (db: Db, groupId: number) =>
  (await db.selectFrom('groups').select('state').where('group_id', '=', groupId).executeTakeFirst())?.state ?? null;

/** The rep's name and national producer number (834 N1*BO). */
export const producerOf = (db: Db, agentId: number) =>
  db.selectFrom('agents').select(['first_name', 'last_name', 'display_name', 'npn']).where('agent_id', '=', agentId).executeTakeFirst();

/* ---------- the console's editor and CSV ---------- */

export const agentExists = (db: Db, agentId: number) =>
  db.selectFrom('agents').select(['agent_id', 'npn']).where('agent_id', '=', agentId).executeTakeFirst();

/** Of these rep numbers, the ones that exist. */
export async function existingAgents(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('agents').select('agent_id').where('agent_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.agent_id));
}

export const licensesOf = (db: Db, agentId: number) =>
  db
    .selectFrom('rep_licenses')
    .select(['state', sql<string>`to_char(expires_on, 'YYYY-MM-DD')`.as('expires_on')])
    .where('agent_id', '=', agentId)
    .orderBy('state')
    .execute();

/** Every carrier, with whether it appointed the rep. */
export const carriersFor = (db: Db, agentId: number) =>
  db
    .selectFrom('carriers as c')
    .leftJoin('rep_appointments as a', (j) => j.onRef('a.carrier_id', '=', 'c.id').on('a.agent_id', '=', agentId))
    .select(['c.id as carrier_id', 'c.name', sql<boolean>`a.agent_id is not null`.as('appointed')])
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();

export async function existingCarriers(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('carriers').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Replaces the rep's licenses (all of them) with these. */
export async function replaceLicenses(db: Db, agentId: number, rows: { state: string; expires_on: string }[]) {
  await db.deleteFrom('rep_licenses').where('agent_id', '=', agentId).execute();
  if (rows.length)
    await db
      .insertInto('rep_licenses')
      .values(rows.map((r) => ({ agent_id: agentId, state: r.state, expires_on: r.expires_on })))
      .execute();
}

export async function replaceAppointments(db: Db, agentId: number, carrierIds: number[]) {
  await db.deleteFrom('rep_appointments').where('agent_id', '=', agentId).execute();
  if (carrierIds.length)
    await db
      .insertInto('rep_appointments')
      .values(carrierIds.map((carrier_id) => ({ agent_id: agentId, carrier_id })))
      .execute();
}

export async function setNpn(db: Db, agentId: number, npn: string | null) {
  await db.updateTable('agents').set({ npn }).where('agent_id', '=', agentId).execute();
}

export async function auditLicensing(db: Db, accountId: number | null, action: string, target: string, detail: Record<string, unknown>) {
  await db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
}

/* ---------- expiry notices ---------- */

/**
 * Licenses that expire between `from` and `until` (inclusive) and whose notice for that expiry was not sent yet, with
 * the rep's name and address; locked so that two processes never take the same one.
 */
export const licensesExpiringUnnoticed = (db: Db, from: string, until: string) =>
  db
    .selectFrom('rep_licenses as l')
    .innerJoin('agents as a', 'a.agent_id', 'l.agent_id')
    .leftJoin('rep_license_notices as n', (j) =>
      j.onRef('n.agent_id', '=', 'l.agent_id').onRef('n.state', '=', 'l.state').onRef('n.expires_on', '=', 'l.expires_on'),
    )
    .select([
      'l.agent_id',
      'l.state',
      sql<string>`to_char(l.expires_on, 'YYYY-MM-DD')`.as('expires_on'),
      'a.first_name',
      'a.last_name',
      'a.email',
    ])
    .where('l.expires_on', '>=', from)
    .where('l.expires_on', '<=', until)
    .where('n.agent_id', 'is', null)
    .orderBy('l.agent_id')
    .orderBy('l.state')
    .limit(500)
    .execute();

/** Notes the notice of a license's expiry; false when another process noted it first (the key is the table's). */
export async function noteExpiryNotice(db: Db, agentId: number, state: string, expiresOn: string): Promise<boolean> {
  const r = await db
    .insertInto('rep_license_notices')
    .values({ agent_id: agentId, state, expires_on: expiresOn })
    .onConflict((oc) => oc.doNothing())
    .returning('agent_id')
    .executeTakeFirst();
  return r !== undefined;
}

export const activeOperatorEmails = async (db: Db) =>
  (await db.selectFrom('accounts').select('email').where('role', '=', 'operator').where('active', '=', true).orderBy('id').execute()).map(
    (o) => o.email,
  );

/* ---------- appointments filter the plans (decision 2640) ---------- */

/** The carriers that appointed the rep. */
export const appointedCarrierIds = async (db: Db, agentId: number) =>
  (await db.selectFrom('rep_appointments').select('carrier_id').where('agent_id', '=', agentId).execute()).map((r) => r.carrier_id);

/** Whether the carrier appointed the rep, and the carrier's name. */
export const appointmentOf = (db: Db, agentId: number, carrierId: number) =>
  db
    .selectFrom('carriers as c')
    .leftJoin('rep_appointments as a', (j) => j.onRef('a.carrier_id', '=', 'c.id').on('a.agent_id', '=', agentId))
    .select(['c.name', sql<boolean>`a.agent_id is not null`.as('appointed')])
    .where('c.id', '=', carrierId)
    .executeTakeFirst();

/**
 * A new carrier appoints every active rep and agency (the house agency included): one insert, so the trigger of
 * migration 2740 drops each rep's cached appointments. Answers how many were appointed.
 */
export async function appointEveryActiveRep(db: Db, carrierId: number): Promise<number> {
  const rows = await db
    .insertInto('rep_appointments')
    .columns(['agent_id', 'carrier_id'])
    .expression((eb) =>
      eb
        .selectFrom('agents')
        .select(['agent_id', eb.val(carrierId).as('carrier_id')])
        .where('active', '=', true),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('agent_id')
    .execute();
  return rows.length;
}

/** Each plan's carrier and whether it (still) appoints the rep: false for a carrier that does not exist. */
export async function planAppointments(db: Db, agentId: number, planIds: readonly number[]) {
  if (!planIds.length) return [];
  return db
    .selectFrom('plans as p')
    .leftJoin('carriers as c', 'c.id', 'p.carrier_id')
    .leftJoin('rep_appointments as a', (j) => j.onRef('a.carrier_id', '=', 'c.id').on('a.agent_id', '=', agentId))
    .select(['p.plan_id', 'p.carrier_id', sql<boolean>`a.agent_id is not null`.as('appointed')])
    .where('p.plan_id', 'in', [...planIds])
    .execute();
}
