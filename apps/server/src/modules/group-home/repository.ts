import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The SQL of the group's home. Every method takes the database or the caller's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

export const findActiveGroup = (db: Db, groupId: number) =>
  db
    .selectFrom('groups')
    .select(['group_id', 'gname', 'landing_url', 'enrollment_opens_on', 'enrollment_closes_on'])
    .where('group_id', '=', groupId)
    .where('active', '=', true)
    .executeTakeFirst();

export const lockGroup = (db: Db, groupId: number) =>
  db
    .selectFrom('groups')
    .select(['group_id', 'gname', 'landing_url', 'enrollment_opens_on', 'enrollment_closes_on'])
    .where('group_id', '=', groupId)
    .where('active', '=', true)
    .forUpdate()
    .executeTakeFirst();

export async function setWindow(db: Db, groupId: number, w: { opens_on: string | null; closes_on: string | null }) {
  await db
    .updateTable('groups')
    .set({ enrollment_opens_on: w.opens_on, enrollment_closes_on: w.closes_on })
    .where('group_id', '=', groupId)
    .execute();
}

const employeeColumns = ['id', 'name', 'email', 'invited_at', 'reminded_at', 'waived_at', 'updated_at'] as const;
export const listEmployees = (db: Db, groupId: number) =>
  db.selectFrom('group_employees').select(employeeColumns).where('group_id', '=', groupId).orderBy('name').orderBy('id').execute();
export type EmployeeRow = Awaited<ReturnType<typeof listEmployees>>[number];

export const findEmployee = (db: Db, groupId: number, id: number) =>
  db.selectFrom('group_employees').select(employeeColumns).where('group_id', '=', groupId).where('id', '=', id).executeTakeFirst();

/**
 * The enrollments of the group that carry an e-mail: the address given at Save & Continue Later, on the contact
 * step, or of the member the enrollment is for; with whether it is completed and when it last changed.
 */
export const groupEnrollmentsByEmail = (db: Db, groupId: number) =>
  db
    .selectFrom('enrollments as e')
    .leftJoin('members as m', 'm.user_id', 'e.user_id')
    .select([
      sql<string>`lower(coalesce(e.tabs->'contact_info'->>'email_address', e.resume_email, m.email))`.as('email'),
      'e.status',
      'e.updated_at',
      'e.completed_at',
    ])
    .where('e.group_id', '=', groupId)
    .where(sql<boolean>`coalesce(e.tabs->'contact_info'->>'email_address', e.resume_email, m.email) is not null`)
    .execute();

/**
 * The members of the group (members.group_id) with the plans they hold now (active policies), for the home's list of
 * everyone in the group, on the census or not (issue 37).
 */
export const groupMembers = (db: Db, groupId: number) =>
  db
    .selectFrom('members as m')
    .leftJoin('policies as p', (j) => j.onRef('p.user_id', '=', 'm.user_id').on('p.status', '=', 'ACTIVE'))
    .leftJoin('plans as pl', 'pl.plan_id', 'p.plan_id')
    .select([
      'm.user_id',
      'm.first_name',
      'm.last_name',
      sql<string | null>`lower(m.email)`.as('email'),
      'pl.plan_name',
      'p.created_at',
      'p.eoi_status',
    ])
    .where('m.group_id', '=', groupId)
    .orderBy('m.user_id')
    .orderBy('p.policy_id')
    .execute();

export const employeesByEmail = (db: Db, groupId: number, emails: string[]) =>
  emails.length
    ? db
        .selectFrom('group_employees')
        .select(['id', 'email', 'invited_at'])
        .where('group_id', '=', groupId)
        .where('email', 'in', emails)
        .execute()
    : Promise.resolve([]);

export const insertEmployee = (db: Db, groupId: number, r: { name: string; email: string; dob: string }) =>
  db
    .insertInto('group_employees')
    .values({ group_id: groupId, name: r.name, email: r.email, dob: r.dob })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();

export const updateEmployee = (db: Db, id: number, r: { name: string; dob: string }, at: Date) =>
  db.updateTable('group_employees').set({ name: r.name, dob: r.dob, updated_at: at }).where('id', '=', id).execute();

export const markInvited = (db: Db, ids: number[], at: Date) =>
  ids.length ? db.updateTable('group_employees').set({ invited_at: at }).where('id', 'in', ids).execute() : Promise.resolve([]);

export const markReminded = (db: Db, ids: number[], at: Date) =>
  ids.length
    ? db
        .updateTable('group_employees')
        .set({ reminded_at: at, invited_at: sql`coalesce(invited_at, ${at})` })
        .where('id', 'in', ids)
        .execute()
    : Promise.resolve([]);

export const setWaived = (db: Db, groupId: number, id: number, at: Date | null, now: Date) =>
  db
    .updateTable('group_employees')
    .set({ waived_at: at, updated_at: now })
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function audit(db: Db, accountId: number | null, action: string, target: string, detail: Record<string, unknown>) {
  await db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
}

/** The group's open enrollment mode (decision 2560) and its window, as dates; whether the group is active. */
export const openEnrollmentOf = (db: Db, groupId: number) =>
  db
    .selectFrom('groups')
    .select([
      'active',
      'open_enrollment',
      sql<string | null>`to_char(enrollment_opens_on, 'YYYY-MM-DD')`.as('opens_on'),
      sql<string | null>`to_char(enrollment_closes_on, 'YYYY-MM-DD')`.as('closes_on'),
    ])
    .where('group_id', '=', groupId)
    .executeTakeFirst();
