import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type {
  BillingRecordsTable,
  Database,
  Enrollment,
  MemberPaymentMethodsTable,
  PremiumPaymentsTable,
  RoutingDirectoryTable,
} from '../../db/schema.ts';

/** The SQL of the wizard's second half and of the completion. Every method takes the database or the caller's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

// ---- enrollments ------------------------------------------------------------------------------------

export async function setMailLanguage(db: Db, enrollmentId: string, lang: string) {
  await db.updateTable('enrollments').set({ mail_lang: lang }).where('id', '=', enrollmentId).execute();
}

export const lockEnrollment = (db: Db, id: string): Promise<Enrollment> =>
  db.selectFrom('enrollments').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();

/** Replaces the whole saved-steps object (a step's data dropped). */
export async function replaceTabs(db: Db, enrollmentId: string, tabs: Record<string, unknown>, opts: { touch?: boolean } = {}) {
  await db
    .updateTable('enrollments')
    .set({ tabs: JSON.stringify(tabs), ...(opts.touch ? { updated_at: new Date() } : {}) })
    .where('id', '=', enrollmentId)
    .execute();
}

export const readTabsRow = (db: Db, enrollmentId: string) =>
  db.selectFrom('enrollments').select('tabs').where('id', '=', enrollmentId).executeTakeFirstOrThrow();

/** The member's latest completed enrollment other than this one (its saved steps). */
export const latestCompletedOf = (db: Db, userId: number, exceptId: string) =>
  db
    .selectFrom('enrollments')
    .select(['id', 'tabs'])
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where('id', '!=', exceptId)
    .orderBy('completed_at', 'desc')
    .executeTakeFirst();

export async function markCompleted(
  db: Db,
  enrollmentId: string,
  v: { confirmationNumber: string; userId: number; tabs: Record<string, unknown> },
) {
  await db
    .updateTable('enrollments')
    .set({
      status: 'completed',
      completed_at: new Date(),
      confirmation_number: v.confirmationNumber,
      user_id: v.userId,
      tabs: JSON.stringify(v.tabs),
      updated_at: new Date(),
    })
    .where('id', '=', enrollmentId)
    .execute();
}

// ---- groups and agents --------------------------------------------------------------------------------

export const groupPaymentMethod = (db: Db, groupId: number) =>
  db.selectFrom('groups').select('payment_method').where('group_id', '=', groupId).executeTakeFirst();
export const findAgent = (db: Db, agentId: number) =>
  db.selectFrom('agents').select(['first_name', 'last_name', 'agent_code']).where('agent_id', '=', agentId).executeTakeFirst();
export const findGroupNames = (db: Db, groupId: number) =>
  db.selectFrom('groups').select(['gname', 'gcode']).where('group_id', '=', groupId).executeTakeFirst();

// ---- members, policies, payment methods ------------------------------------------------------------------

export const insertMember = (db: Db, values: Insertable<Database['members']>) =>
  db.insertInto('members').values(values).returning('user_id').executeTakeFirstOrThrow();

export async function insertPolicy(db: Db, values: Insertable<Database['policies']>) {
  await db.insertInto('policies').values(values).execute();
}

/** Of these plans, the ones that need evidence of insurability (migration 2540). */
export const plansNeedingEvidence = async (db: Db, planIds: number[]): Promise<Set<number>> =>
  planIds.length === 0
    ? new Set()
    : new Set(
        (await db.selectFrom('plans').select('plan_id').where('plan_id', 'in', planIds).where('needs_evidence', '=', true).execute()).map(
          (r) => r.plan_id,
        ),
      );

export const savedPaymentMethods = (db: Db, userId: number, kind: 'bank' | 'card') =>
  db.selectFrom('member_payment_methods').selectAll().where('user_id', '=', userId).where('kind', '=', kind).orderBy('id').execute();

export const savedPaymentMethod = (db: Db, id: number, userId: number, kind: 'bank' | 'card') =>
  db
    .selectFrom('member_payment_methods')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();

export async function insertPaymentMethod(db: Db, values: Insertable<MemberPaymentMethodsTable>) {
  await db.insertInto('member_payment_methods').values(values).execute();
}

// ---- billing records, media, audit ----------------------------------------------------------------------

export async function insertBillingRecord(db: Db, values: Insertable<BillingRecordsTable>) {
  await db.insertInto('billing_records').values(values).execute();
}
export const findBillingRecord = (db: Db, enrollmentId: string) =>
  db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', enrollmentId).executeTakeFirst();

export const receiptPolicies = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .select(['policies.policy_id', 'policies.plan_id', 'plans.plan_name', 'plans.carrier', 'policies.eoi_status'])
    .where('policies.enrollment_id', '=', enrollmentId)
    .orderBy('policies.policy_id')
    .execute();

export async function insertPrivateMedia(db: Db, id: string, contentType: string, data: Buffer | Uint8Array) {
  await db.insertInto('media').values({ id, content_type: contentType, data, private: true }).execute();
}
/**
 * Unfinished enrollments unchanged since `before` whose code has expired (nobody can finish them) that still hold a
 * sealed signature record (issue 34), a batch at a time.
 */
export const abandonedSignedEnrollments = (db: Db, before: Date, now: Date) =>
  db
    .selectFrom('enrollments')
    .select(['id', 'tabs'])
    .where('status', '!=', 'completed')
    .where('updated_at', '<', before)
    .where((w) => w.or([w('resume_expires_at', 'is', null), w('resume_expires_at', '<', now)]))
    .where(sql<boolean>`tabs -> 'aggrement_info' ->> '_sealed' is not null`)
    .orderBy('id')
    .limit(500)
    .execute();
export async function deleteMedia(db: Db, id: string) {
  await db.deleteFrom('media').where('id', '=', id).execute();
}
export const mediaData = (db: Db, id: string) => db.selectFrom('media').select(['data']).where('id', '=', id).executeTakeFirst();

export async function audit(db: Db, action: string, target: string, detail: Record<string, unknown>, accountId: number | null = null) {
  await db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
}

// ---- card attempts ----------------------------------------------------------------------------------------

/** The latest wait still running among these keys, or null. */
export async function blockedUntil(db: Db, keys: string[]): Promise<Date | string | null> {
  const row = await db
    .selectFrom('card_attempts')
    .select(sql<Date | string | null>`max(blocked_until)`.as('until'))
    .where('key', 'in', keys)
    .where('blocked_until', '>', new Date())
    .executeTakeFirst();
  return row?.until ?? null;
}

/** Counts a refused card for the key (one atomic upsert); the limit's wait starts or grows. */
export async function recordDecline(
  db: Db,
  key: string,
  l: { declines: number; firstWaitMs: number; maxWaitMs: number; forgetBefore: Date },
) {
  await sql`
    insert into card_attempts (key, declines, last_decline_at, blocked_until) values (${key}, 1, now(), null)
    on conflict (key) do update set
      declines = case when card_attempts.last_decline_at < ${l.forgetBefore} then 1 else card_attempts.declines + 1 end,
      last_decline_at = now(),
      blocked_until = case
        when card_attempts.last_decline_at >= ${l.forgetBefore} and card_attempts.declines + 1 >= ${l.declines}
        then now() + least(${l.firstWaitMs}::float8 * power(2, card_attempts.declines + 1 - ${l.declines}), ${l.maxWaitMs}::float8) * interval '1 millisecond'
        else card_attempts.blocked_until end`.execute(db);
}

export async function purgeDeclinesBefore(db: Db, before: Date) {
  await db
    .deleteFrom('card_attempts')
    .where('last_decline_at', '<', before)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', new Date())]))
    .execute();
}

// ---- routing directory ------------------------------------------------------------------------------------

/** The bank of a routing number in the directory, or undefined. */
export const findRoutingEntry = (db: Db, routing: string) =>
  db.selectFrom('routing_directory').select('bank_name').where('routing_number', '=', routing).executeTakeFirst();

/** Adds or replaces directory entries (a routing number already there takes the new name, city and state). */
export async function upsertRoutingEntries(db: Db, rows: Insertable<RoutingDirectoryTable>[]) {
  await db
    .insertInto('routing_directory')
    .values(rows)
    .onConflict((oc) =>
      oc.column('routing_number').doUpdateSet((eb) => ({
        bank_name: eb.ref('excluded.bank_name'),
        city: eb.ref('excluded.city'),
        state: eb.ref('excluded.state'),
        source: eb.ref('excluded.source'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

// ---- the first premium payment (issue 36) ---------------------------------------------------------------

/**
 * The first payment of a completed enrollment (payment_index 0) and its ledger rows, in the completion's transaction:
 * the same tables, keys and rows as the billing run's (modules/billing), so the run, the ledger and the member's
 * Payments read it like any other.
 */
export async function insertFirstPayment(
  db: Db,
  p: Insertable<PremiumPaymentsTable>,
  ledger: readonly { kind: 'charge' | 'payment'; suffix: string }[],
): Promise<number> {
  const { id } = await db.insertInto('premium_payments').values(p).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('ledger_entries')
    .values(
      ledger.map((l) => ({
        enrollment_id: p.enrollment_id,
        period: p.period,
        kind: l.kind,
        amount_cents: p.amount_cents,
        payment_id: id,
        reason: null,
        idempotency_key: `${p.idempotency_key}:${l.suffix}`,
      })),
    )
    .execute();
  return id;
}
