import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LifeEventStatus } from '../../db/schema.ts';

/** The SQL of life events (issue 38, decision 2550). Every method takes the database or the caller's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

export const settingOf = (db: Db, eventType: string) =>
  db.selectFrom('life_event_settings').selectAll().where('event_type', '=', eventType).executeTakeFirst();

/** Every event type's settings (decision 2724), in the order of the table. */
export const allSettings = (db: Db) =>
  db.selectFrom('life_event_settings').select(['event_type', 'window_days', 'document_retention_days']).orderBy('event_type').execute();

/** An event type's settings locked for their change (undefined: no such type). */
export const lockSetting = (db: Db, eventType: string) =>
  db
    .selectFrom('life_event_settings')
    .select(['event_type', 'window_days', 'document_retention_days'])
    .where('event_type', '=', eventType)
    .forUpdate()
    .executeTakeFirst();

export const updateSetting = (db: Db, eventType: string, v: { window_days: number; document_retention_days: number }) =>
  db
    .updateTable('life_event_settings')
    .set({ ...v, updated_at: new Date() })
    .where('event_type', '=', eventType)
    .returning(['event_type', 'window_days', 'document_retention_days'])
    .executeTakeFirstOrThrow();

/** The member's coverage a life event changes: their latest completed enrollment with an active policy. */
export const currentEnrollmentOf = (db: Db, userId: number) =>
  db
    .selectFrom('enrollments')
    .select(['id', 'agent_id', 'group_id', 'mail_lang', 'tabs'])
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('policies')
          .select('policy_id')
          .whereRef('policies.enrollment_id', '=', 'enrollments.id')
          .where('policies.status', '=', 'ACTIVE')
          .where('policies.ends_on', 'is', null),
      ),
    )
    .orderBy('completed_at', 'desc')
    .executeTakeFirst();

export const memberOf = (db: Db, userId: number) =>
  db
    .selectFrom('members')
    .select(['user_id', 'first_name', 'last_name', 'email', 'dob', 'state'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

const eventColumns = [
  'life_events.id',
  'life_events.user_id',
  'life_events.enrollment_id',
  'life_events.event_type',
  'life_events.event_date',
  'life_events.effective_date',
  'life_events.window_closes',
  'life_events.status',
  'life_events.document_media_id',
  'life_events.reason',
  'life_events.reported_by_rep',
  'life_events.created_at',
  'members.first_name',
  'members.last_name',
  'members.email',
  'enrollments.mail_lang',
] as const;

const events = (db: Db) =>
  db
    .selectFrom('life_events')
    .innerJoin('members', 'members.user_id', 'life_events.user_id')
    .innerJoin('enrollments', 'enrollments.id', 'life_events.enrollment_id')
    .select(eventColumns);
export type LifeEventRow = Awaited<ReturnType<typeof findEvent>> & object;

export const insertEvent = (
  db: Db,
  v: {
    user_id: number;
    enrollment_id: string;
    event_type: string;
    event_date: string;
    effective_date: string;
    window_closes: string;
    status: LifeEventStatus;
    reported_by: number | null;
    reported_by_rep: boolean;
  },
) => db.insertInto('life_events').values(v).returning('id').executeTakeFirstOrThrow();

export const findEvent = (db: Db, id: number) => events(db).where('life_events.id', '=', id).executeTakeFirst();
export const lockEvent = (db: Db, id: number) => events(db).where('life_events.id', '=', id).forUpdate('life_events').executeTakeFirst();

export const eventsOfMember = (db: Db, userId: number) =>
  events(db).where('life_events.user_id', '=', userId).orderBy('life_events.id', 'desc').limit(100).execute();

/** The operator's list: those waiting for a review first, then the latest. */
export const eventsForOperator = (db: Db) =>
  events(db)
    .orderBy(sql`case when life_events.status = 'in_review' then 0 else 1 end`)
    .orderBy('life_events.id', 'desc')
    .limit(500)
    .execute();

/** The events of a rep's clients or a group's employees (their enrollments). */
export const eventsOfBook = (db: Db, by: { agentId: number } | { groupId: number }) =>
  events(db)
    .$if('agentId' in by, (q) => q.where('enrollments.agent_id', '=', (by as { agentId: number }).agentId))
    .$if('groupId' in by, (q) => q.where('enrollments.group_id', '=', (by as { groupId: number }).groupId))
    .orderBy('life_events.id', 'desc')
    .limit(500)
    .execute();

export const setEventStatus = (
  db: Db,
  id: number,
  patch: { status: LifeEventStatus; reason?: string | null; decided_by?: number | null; decided_at?: Date },
) => db.updateTable('life_events').set(patch).where('id', '=', id).execute();

export async function attachDocument(db: Db, eventId: number, media: { id: string; content_type: string; data: Uint8Array }) {
  await db.insertInto('media').values({ id: media.id, content_type: media.content_type, data: media.data, private: true }).execute();
  await db
    .updateTable('life_events')
    .set({ document_media_id: media.id, document_type: media.content_type, document_uploaded_at: new Date(), status: 'in_review' })
    .where('id', '=', eventId)
    .execute();
}

export const documentOf = (db: Db, mediaId: string) =>
  db.selectFrom('media').select(['id', 'content_type', 'data']).where('id', '=', mediaId).executeTakeFirst();

/**
 * Retention (decisions 2550, 2660): the proof of an event decided more than its type's `document_retention_days`
 * before `now` is deleted (the media row), a page at a time; the event keeps its decision and `document_type`.
 * Answers how many were deleted.
 */
export async function purgeDecidedDocuments(db: Db, now: Date, limit = 500) {
  const rows = await db
    .selectFrom('life_events as e')
    .innerJoin('life_event_settings as s', 's.event_type', 'e.event_type')
    .select(['e.id', 'e.document_media_id'])
    .where('e.document_media_id', 'is not', null)
    .where('e.status', 'in', ['approved', 'rejected'])
    .where(sql<boolean>`e.decided_at < ${now}::timestamptz - make_interval(days => s.document_retention_days)`)
    .orderBy('e.id')
    .limit(limit)
    .forUpdate('e')
    .skipLocked()
    .execute();
  const ids = rows.map((r) => r.document_media_id!);
  if (!ids.length) return 0;
  await db
    .updateTable('life_events')
    .set({ document_media_id: null })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  await db.deleteFrom('media').where('id', 'in', ids).execute();
  return ids.length;
}

/** The enrollment's saved steps, locked for a change of its dependents. */
export const lockTabs = (db: Db, enrollmentId: string) =>
  db.selectFrom('enrollments').select(['id', 'tabs']).where('id', '=', enrollmentId).forUpdate().executeTakeFirstOrThrow();

/** The enrollment's saved steps, read (a preview of a change). */
export const readTabs = (db: Db, enrollmentId: string) =>
  db.selectFrom('enrollments').select(['id', 'tabs']).where('id', '=', enrollmentId).executeTakeFirstOrThrow();

/** Replaces the enrollment's dependent_info step (its other steps are left as they are). */
export const saveDependentTab = (db: Db, enrollmentId: string, tab: Record<string, unknown>) =>
  db
    .updateTable('enrollments')
    .set({ tabs: sql`tabs || jsonb_build_object('dependent_info', ${JSON.stringify(tab)}::jsonb)` })
    .where('id', '=', enrollmentId)
    .execute();

/** The enrollment's running policies with their cart price, and every rate of their plans. */
export const runningPolicies = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('policies')
    .leftJoin('cart_items', (j) =>
      j.onRef('cart_items.enrollment_id', '=', 'policies.enrollment_id').onRef('cart_items.plan_id', '=', 'policies.plan_id'),
    )
    .select(['policies.policy_id', 'policies.plan_id', 'policies.tier', 'policies.eoi_status', 'cart_items.price_cents'])
    .where('policies.enrollment_id', '=', enrollmentId)
    .where('policies.status', '=', 'ACTIVE')
    .where('policies.ends_on', 'is', null)
    .execute();

export const ratesOf = (db: Db, planIds: number[]) =>
  planIds.length ? db.selectFrom('plan_rates').selectAll().where('plan_id', 'in', planIds).execute() : Promise.resolve([]);

export async function repricePolicy(db: Db, enrollmentId: string, planId: number, tier: string, priceCents: number) {
  await db.updateTable('policies').set({ tier }).where('enrollment_id', '=', enrollmentId).where('plan_id', '=', planId).execute();
  await db
    .updateTable('cart_items')
    .set({ price_cents: priceCents })
    .where('enrollment_id', '=', enrollmentId)
    .where('plan_id', '=', planId)
    .execute();
}

export async function writeAudit(db: Db, accountId: number | null, action: string, target: string, detail: Record<string, unknown>) {
  await db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
}
