import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type { CarrierFileStatus } from '../../db/schema.ts';
import type { CarrierFileItemsTable, CarrierFilesTable, CarriersTable, CarrierFileStatus } from '../../db/schema.ts';

import { NOT_IN_834 } from './x12/types.ts';

export type Db = Kysely<Database> | Transaction<Database>;
export type Carrier = Selectable<CarriersTable>;
export type CarrierFile = Selectable<CarrierFilesTable>;
export type CarrierFileItem = Selectable<CarrierFileItemsTable>;

export const listCarriers = (db: Db) => db.selectFrom('carriers').selectAll().orderBy('name').execute();
/** Holds a carrier's row until the transaction ends (one remittance run per carrier at a time). */
export const lockCarrier = (db: Db, id: number) =>
  db.selectFrom('carriers').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
export const findCarrier = (db: Db, id: number) => db.selectFrom('carriers').selectAll().where('id', '=', id).executeTakeFirst();

/** Plans an 834 carries: not a category without an insurance line code (pet), not the association membership. */
const sentIn834 = sql<boolean>`plans.category not in (${sql.join(NOT_IN_834)}) and coalesce(plans.rules->>'membership', 'false') <> 'true'`;

/**
 * A policy the carrier is told about: not one whose evidence of insurability is awaited or was declined (issue 38: its
 * 834 waits for the carrier's approval; a declined one never reaches it).
 */
const toldToCarrier = sql<boolean>`coalesce(policies.eoi_status, 'approved') = 'approved'`;

/** The carriers of an enrollment's policies sent in an 834 (plans without a carrier, pet and membership send nothing), or of its one plan `planId`. */
export const carriersOfEnrollment = (db: Db, enrollmentId: string, planId: number | null = null) =>
  db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .innerJoin('carriers', 'carriers.id', 'plans.carrier_id')
    .selectAll('carriers')
    .distinct()
    .where('policies.enrollment_id', '=', enrollmentId)
    .where(sentIn834)
    .where(toldToCarrier)
    .$if(planId !== null, (q) => q.where('policies.plan_id', '=', planId!))
    .orderBy('carriers.id')
    .execute();

/** An enrollment's policies with this carrier sent in an 834 (or its one plan `planId`): category, tier and effective date of each. */
export const policiesWithCarrier = (db: Db, enrollmentId: string, carrierId: number, planId: number | null = null) =>
  db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .select(['policies.plan_id', 'plans.plan_name', 'plans.category', 'policies.tier', 'policies.effective_date'])
    .where('policies.enrollment_id', '=', enrollmentId)
    .where('plans.carrier_id', '=', carrierId)
    .where(sentIn834)
    .where(toldToCarrier)
    .$if(planId !== null, (q) => q.where('policies.plan_id', '=', planId!))
    .orderBy('policies.plan_id')
    .execute();

/** The carriers that already got a file with this enrollment in it. */
export async function carriersHoldingEnrollment(db: Db, enrollmentId: string): Promise<Set<number>> {
  const sent = await db
    .selectFrom('carrier_file_items')
    .select('carrier_id')
    .distinct()
    .where('enrollment_id', '=', enrollmentId)
    .where('file_id', 'is not', null)
    .execute();
  return new Set(sent.map((s) => s.carrier_id));
}

export async function addItem(
  db: Db,
  item: {
    carrierId: number;
    enrollmentId: string;
    maintenance: '021' | '024' | '001';
    reason?: string | null;
    effectiveDate?: string | null;
    planId?: number | null;
    dependentId?: string | null;
    replacedPlanId?: number | null;
  },
) {
  return db
    .insertInto('carrier_file_items')
    .values({
      carrier_id: item.carrierId,
      enrollment_id: item.enrollmentId,
      maintenance: item.maintenance,
      reason: item.reason ?? null,
      effective_date: item.effectiveDate ?? null,
      plan_id: item.planId ?? null,
      dependent_id: item.dependentId ?? null,
      replaced_plan_id: item.replacedPlanId ?? null,
      file_id: null,
      transaction_control_number: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The items waiting for a carrier's daily file, locked (another process building the batch skips them). */
export const lockPendingItems = (db: Db, carrierId: number) =>
  sql<CarrierFileItem>`select * from carrier_file_items where carrier_id = ${carrierId} and file_id is null order by id for update skip locked`
    .execute(db)
    .then((r) => r.rows);

export const insertFile = (db: Db, row: Omit<import('kysely').Insertable<CarrierFilesTable>, 'status'>) =>
  db.insertInto('carrier_files').values(row).execute();

export const assignItem = (db: Db, itemId: number, fileId: number, transactionControlNumber: string) =>
  db
    .updateTable('carrier_file_items')
    .set({ file_id: fileId, transaction_control_number: transactionControlNumber })
    .where('id', '=', itemId)
    .execute();

export const lockFile = (db: Db, id: number) =>
  db.selectFrom('carrier_files').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
export const findFile = (db: Db, id: number) => db.selectFrom('carrier_files').selectAll().where('id', '=', id).executeTakeFirst();
/** The file an acknowledgment names, locked; of this carrier only when one is given (a carrier's inbound folder). */
export const findFileByGroupControl = (db: Db, n: number, carrierId?: number) =>
  db
    .selectFrom('carrier_files')
    .selectAll()
    .where('group_control_number', '=', n)
    .$if(carrierId !== undefined, (q) => q.where('carrier_id', '=', carrierId!))
    .forUpdate()
    .executeTakeFirst();
export const findFileByInterchangeControl = (db: Db, n: number, carrierId?: number) =>
  db
    .selectFrom('carrier_files')
    .selectAll()
    .where('interchange_control_number', '=', n)
    .$if(carrierId !== undefined, (q) => q.where('carrier_id', '=', carrierId!))
    .forUpdate()
    .executeTakeFirst();

/** Delivered: a flag of tries that failed before (flagUndelivered) goes. */
export const markDelivered = (db: Db, id: number, at: Date) =>
  db.updateTable('carrier_files').set({ status: 'delivered', delivered_at: at, ack_errors: '[]' }).where('id', '=', id).execute();

/** A file its carrier's server has not taken after several tries: the errors show in the console, the status stays. */
export const flagUndelivered = (db: Db, id: number, errors: unknown[]) =>
  db
    .updateTable('carrier_files')
    .set({ ack_errors: JSON.stringify(errors) })
    .where('id', '=', id)
    .execute();

export const setAcknowledged = (db: Db, id: number, status: CarrierFileStatus, errors: unknown[], at: Date) =>
  db
    .updateTable('carrier_files')
    .set({ status, ack_errors: JSON.stringify(errors), acknowledged_at: at })
    .where('id', '=', id)
    .execute();

/** Files newest first, with the carrier's name and window and the confirmation numbers of the enrollments inside. */
export async function listFiles(db: Db, opts: { limit: number; offset: number; status?: CarrierFileStatus }) {
  let base = db.selectFrom('carrier_files').innerJoin('carriers', 'carriers.id', 'carrier_files.carrier_id');
  if (opts.status) base = base.where('carrier_files.status', '=', opts.status);
  const [rows, count] = await Promise.all([
    base
      .select([
        'carrier_files.id',
        'carrier_files.kind',
        'carrier_files.status',
        'carrier_files.file_name',
        'carrier_files.created_at',
        'carrier_files.delivered_at',
        'carrier_files.acknowledged_at',
        'carrier_files.resolved_at',
        'carrier_files.purged_at',
        'carrier_files.ack_errors',
        'carriers.name as carrier',
        'carriers.ack_window_hours',
      ])
      .orderBy('carrier_files.id', 'desc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db
        .selectFrom('carrier_file_items')
        .innerJoin('enrollments', 'enrollments.id', 'carrier_file_items.enrollment_id')
        .select(['carrier_file_items.file_id', 'enrollments.confirmation_number'])
        .where('carrier_file_items.file_id', 'in', ids)
        .orderBy('carrier_file_items.id')
        .execute()
    : [];
  return { rows, items, total: Number(count.n) };
}

export async function writeAudit(db: Db, accountId: number | null, action: string, target: string, detail: Record<string, unknown> = {}) {
  await db
    .insertInto('audit_log')
    .values({ account_id: accountId, action, target, detail: JSON.stringify(detail) })
    .execute();
}

/** The number of plans of each carrier. */
export const planCounts = (db: Db) =>
  db
    .selectFrom('plans')
    .select(['carrier_id', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('carrier_id')
    .execute();

export const carrierNamed = (db: Db, name: string) =>
  db
    .selectFrom('carriers')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();

/** A new carrier's row (its settings are saved next, as any save). */
export const insertCarrier = (db: Db, name: string) =>
  db
    .insertInto('carriers')
    .values({ name, isa_sender_id: '', isa_receiver_id: '', group_number: '' })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateCarrier = (db: Db, id: number, values: import('kysely').Updateable<CarriersTable>) =>
  db.updateTable('carriers').set(values).where('id', '=', id).returningAll().executeTakeFirst();

/** What an 834 reads of the enrollment itself. */
export const enrollmentFor834 = (db: Db, id: string) =>
  db
    .selectFrom('enrollments')
    .select(['id', 'user_id', 'group_id', 'agent_id', 'tabs', 'effective_date', 'completed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The subscriber: the member of the enrollment's account. */
export const memberOfUser = (db: Db, userId: number) =>
  db.selectFrom('members').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** The sponsor of a group enrollment (N1*P5). */
export const groupSponsor = (db: Db, groupId: number) =>
  db.selectFrom('groups').select(['gname', 'gcode']).where('group_id', '=', groupId).executeTakeFirst();

/** The transaction set control numbers (ST02) of a file's enrollments. */
export const transactionsOfFile = (db: Db, fileId: number) =>
  db
    .selectFrom('carrier_file_items')
    .select('transaction_control_number')
    .where('file_id', '=', fileId)
    .execute()
    .then((rows) => rows.map((r) => r.transaction_control_number));

/** The pending daily batch job of a carrier, if any. */
export const pendingDailyJob = (db: Db, kind: string, carrierId: number) =>
  db
    .selectFrom('scheduled_jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where(sql`payload->>'carrier_id'`, '=', String(carrierId))
    .executeTakeFirst();

export const lockEnrollment = (db: Db, id: string) =>
  db.selectFrom('enrollments').select(['id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();

/** The effective dates of an enrollment's active policies (the cancellation's date may not come before them). */
export const activePolicyStarts = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('policies')
    .innerJoin('enrollments', 'enrollments.id', 'policies.enrollment_id')
    .select(['policies.effective_date', 'enrollments.effective_date as enrollment_effective_date', 'enrollments.completed_at'])
    .where('policies.enrollment_id', '=', enrollmentId)
    .where('policies.status', '=', 'ACTIVE')
    .execute();

/** Ends an enrollment's active policies; answers the ones it ended. */
export const endActivePolicies = (db: Db, enrollmentId: string) =>
  db
    .updateTable('policies')
    .set({ status: 'INACTIVE' })
    .where('enrollment_id', '=', enrollmentId)
    .where('status', '=', 'ACTIVE')
    .returning('policy_id')
    .execute();

export const countFiles = (db: Db) =>
  db
    .selectFrom('carrier_files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

/** An enrollment's items with their file (if built yet) and the file's carrier. */
export const itemsOfEnrollment = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('carrier_file_items')
    .innerJoin('carriers', 'carriers.id', 'carrier_file_items.carrier_id')
    .leftJoin('carrier_files', 'carrier_files.id', 'carrier_file_items.file_id')
    .select([
      'carrier_file_items.id',
      'carrier_file_items.maintenance',
      'carrier_file_items.transaction_control_number',
      'carrier_file_items.created_at',
      'carrier_files.id as file_id',
      'carrier_files.file_name',
      'carrier_files.status',
      'carrier_files.delivered_at',
      'carrier_files.acknowledged_at',
      'carrier_files.ack_errors',
      'carriers.name as carrier',
      'carriers.ack_window_hours',
    ])
    .where('carrier_file_items.enrollment_id', '=', enrollmentId)
    .orderBy('carrier_file_items.id')
    .execute();

/**
 * Claims an inbound acknowledgment by its content (carrier, sha256): answers true for the one caller that inserted
 * the row; another process (or a second look at a file already applied) finds the row and answers false.
 */
export const claimInbound = (
  db: Db,
  row: { carrierId: number; fileName: string; sha256: string; outcome: 'applied' | 'refused'; message?: string | null },
) =>
  db
    .insertInto('carrier_inbound_files')
    .values({ carrier_id: row.carrierId, file_name: row.fileName, sha256: row.sha256, outcome: row.outcome, message: row.message ?? null })
    .onConflict((oc) => oc.columns(['carrier_id', 'sha256']).doNothing())
    .returning('id')
    .executeTakeFirst()
    .then((r) => !!r);

export const findInbound = (db: Db, carrierId: number, sha256: string) =>
  db.selectFrom('carrier_inbound_files').selectAll().where('carrier_id', '=', carrierId).where('sha256', '=', sha256).executeTakeFirst();

export const markFileErrored = (db: Db, id: number, errors: unknown[]) =>
  db
    .updateTable('carrier_files')
    .set({ status: 'errored', ack_errors: JSON.stringify(errors) })
    .where('id', '=', id)
    .execute();

/** A file deleted by its retention: the sealed text blanked, the time kept. */
export const markPurged = (db: Db, id: number, emptySealed: string, at: Date) =>
  db.updateTable('carrier_files').set({ content_enc: emptySealed, purged_at: at }).where('id', '=', id).execute();

export const markResolved = (db: Db, id: number, accountId: number | null, at: Date) =>
  db.updateTable('carrier_files').set({ resolved_at: at, resolved_by: accountId }).where('id', '=', id).execute();

/** A carrier's files not yet deleted whose retention has started (accepted by a 999, or resolved). */
export const filesInRetention = (db: Db, carrierId: number) =>
  db
    .selectFrom('carrier_files')
    .select('id')
    .where('carrier_id', '=', carrierId)
    .where('purged_at', 'is', null)
    .where((eb) => eb.or([eb('status', 'in', ['accepted', 'accepted_with_errors']), eb('resolved_at', 'is not', null)]))
    .execute()
    .then((rows) => rows.map((r) => r.id));
