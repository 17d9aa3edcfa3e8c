import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Enrollment } from '../../db/schema.ts';

/**
 * The SQL of the enrollment wizard, part one. Every method takes the database or the caller's transaction.
 */
export type Db = Kysely<Database> | Transaction<Database>;

/** The categories of the plans in the enrollment's cart (one each). */
export async function cartCategories(db: Db, enrollmentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('plans', 'plans.plan_id', 'cart_items.plan_id')
    .select('plans.category')
    .where('cart_items.enrollment_id', '=', enrollmentId)
    .execute();
  return [...new Set(rows.map((r) => r.category))];
}

/** Stores a step's data under its saved-tab key: one statement that replaces that key only (the other steps' data stay as they are in the row). */
export async function writeTab(
  db: Db,
  enrollmentId: string,
  savedKey: string,
  value: Record<string, unknown>,
  opts: { savedTab?: boolean } = {},
) {
  const r = await db
    .updateTable('enrollments')
    .set({
      tabs: sql`tabs || jsonb_build_object(${savedKey}::text, ${JSON.stringify(value)}::jsonb)`,
      updated_at: new Date(),
      ...(opts.savedTab ? { saved_tab: savedKey } : {}),
    })
    .where('id', '=', enrollmentId)
    .executeTakeFirst();
  if (!r.numUpdatedRows) throw new Error(`enrollment ${enrollmentId} not found`);
}

/** A member other than `exceptUserId` with this e-mail address (case-insensitive). */
export async function memberWithEmail(db: Db, email: string, exceptUserId: number | null) {
  let q = db
    .selectFrom('members')
    .select('user_id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()));
  if (exceptUserId) q = q.where('user_id', '!=', exceptUserId);
  return q.executeTakeFirst();
}

/** A member other than `exceptUserId` with this phone number (digits). */
export async function memberWithPhone(db: Db, phone: string, exceptUserId: number | null) {
  let q = db.selectFrom('members').select('user_id').where('phone', '=', phone.replace(/\D/g, ''));
  if (exceptUserId) q = q.where('user_id', '!=', exceptUserId);
  return q.executeTakeFirst();
}

export const findGroup = (db: Db, groupId: number) =>
  db.selectFrom('groups').selectAll().where('group_id', '=', groupId).executeTakeFirst();

export async function setEnrollerCode(db: Db, enrollmentId: string, code: string) {
  await db.updateTable('enrollments').set({ enroller_code: code, updated_at: new Date() }).where('id', '=', enrollmentId).execute();
}

export async function setMailLanguage(db: Db, enrollmentId: string, lang: string) {
  await db.updateTable('enrollments').set({ mail_lang: lang }).where('id', '=', enrollmentId).execute();
}

/** A new enrollment code (its hash), the address it was sent to and when it expires; its links have not been used yet. */
export async function setResumeCode(
  db: Db,
  enrollmentId: string,
  v: { codeHash: string; email: string; expiresAt: Date; savedTab: string },
) {
  await db
    .updateTable('enrollments')
    .set({
      resume_code_hash: v.codeHash,
      resume_email: v.email,
      resume_expires_at: v.expiresAt,
      direct_link_session: null,
      saved_tab: v.savedTab,
      updated_at: new Date(),
    })
    .where('id', '=', enrollmentId)
    .execute();
}

export const findByResumeCodeHashes = (db: Db, hashes: string[]): Promise<Enrollment | undefined> =>
  db.selectFrom('enrollments').selectAll().where('resume_code_hash', 'in', hashes).executeTakeFirst();

export const findEnrollment = (db: Db, id: string): Promise<Enrollment | undefined> =>
  db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirst();

/** The direct link opens in one browser: the first session to use it takes it (atomically). True when this session holds it. */
export async function takeDirectLink(db: Db, enrollmentId: string, codeHash: string | null, session: string): Promise<boolean> {
  const taken = await db
    .updateTable('enrollments')
    .set({ direct_link_session: session })
    .where('id', '=', enrollmentId)
    .where('resume_code_hash', '=', codeHash)
    .where((eb) => eb.or([eb('direct_link_session', 'is', null), eb('direct_link_session', '=', session)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/**
 * Deletes up to `limit` unfinished enrollments unchanged since `before` that nobody can resume (no code, or an
 * expired one) — never one that holds a policy or still a sealed signature (its own purge deletes the image first).
 * Their cart, answers, dependents, quotes, screenshots and billing record go with them (on delete cascade).
 */
export async function deleteUnfinishedEnrollments(db: Db, before: Date, now: Date, limit = 500): Promise<number> {
  const r = await sql`
    delete from enrollments where id in (
      select e.id from enrollments e
      where e.status <> 'completed' and e.updated_at < ${before}
        and (e.resume_expires_at is null or e.resume_expires_at < ${now})
        and e.tabs -> 'aggrement_info' ->> '_sealed' is null
        and not exists (select 1 from policies p where p.enrollment_id = e.id)
      order by e.updated_at limit ${limit})`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
