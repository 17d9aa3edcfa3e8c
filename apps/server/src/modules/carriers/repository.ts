import { sql, type ColumnType, type Generated, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Tables of migration 1400 (issue 23). */
export interface CarriersTable {
  id: Generated<number>;
  name: string;
  isa_sender_qualifier: Generated<string>;
  isa_sender_id: string;
  isa_receiver_qualifier: Generated<string>;
  isa_receiver_id: string;
  group_number: string;
  usage_indicator: Generated<'T' | 'P'>;
  delivery_method: Generated<'folder'>;
  batch_mode: Generated<'per_enrollment' | 'daily'>;
  ack_window_hours: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export type CarrierFileStatus = 'generated' | 'delivered' | 'accepted' | 'accepted_with_errors' | 'rejected';
export interface CarrierFilesTable {
  id: number;
  carrier_id: number;
  kind: 'enrollment' | 'daily';
  status: Generated<CarrierFileStatus>;
  file_name: string;
  /** The X12 text, sealed (db/sealed-columns.ts carrierFileContext): it carries SSNs. */
  content_enc: string;
  interchange_control_number: number;
  group_control_number: number;
  transaction_count: number;
  ack_errors: ColumnType<unknown, string | undefined, string>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  acknowledged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export interface CarrierFileItemsTable {
  id: Generated<number>;
  carrier_id: number;
  enrollment_id: string;
  maintenance: Generated<'021' | '024' | '001'>;
  reason: string | null;
  effective_date: string | null;
  file_id: number | null;
  transaction_control_number: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module '../../db/schema.ts' {
  interface Database {
    carriers: CarriersTable;
    carrier_files: CarrierFilesTable;
    carrier_file_items: CarrierFileItemsTable;
  }
  interface PlansTable {
    carrier_id: ColumnType<number | null, number | null | undefined, number | null>;
  }
}

export type Db = Kysely<Database> | Transaction<Database>;
export type Carrier = Selectable<CarriersTable>;
export type CarrierFile = Selectable<CarrierFilesTable>;
export type CarrierFileItem = Selectable<CarrierFileItemsTable>;

export const listCarriers = (db: Db) => db.selectFrom('carriers').selectAll().orderBy('name').execute();
export const findCarrier = (db: Db, id: number) => db.selectFrom('carriers').selectAll().where('id', '=', id).executeTakeFirst();

/** The carriers of an enrollment's policies (plans without a carrier send nothing). */
export const carriersOfEnrollment = (db: Db, enrollmentId: string) =>
  db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .innerJoin('carriers', 'carriers.id', 'plans.carrier_id')
    .selectAll('carriers')
    .distinct()
    .where('policies.enrollment_id', '=', enrollmentId)
    .orderBy('carriers.id')
    .execute();

/** An enrollment's policies with this carrier: category, tier and effective date of each. */
export const policiesWithCarrier = (db: Db, enrollmentId: string, carrierId: number) =>
  db
    .selectFrom('policies')
    .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
    .select(['policies.plan_id', 'plans.category', 'policies.tier', 'policies.effective_date'])
    .where('policies.enrollment_id', '=', enrollmentId)
    .where('plans.carrier_id', '=', carrierId)
    .orderBy('policies.plan_id')
    .execute();

export async function addItem(
  db: Db,
  item: {
    carrierId: number;
    enrollmentId: string;
    maintenance: '021' | '024' | '001';
    reason?: string | null;
    effectiveDate?: string | null;
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
export const findFileByGroupControl = (db: Db, n: number) =>
  db.selectFrom('carrier_files').selectAll().where('group_control_number', '=', n).forUpdate().executeTakeFirst();
export const findFileByInterchangeControl = (db: Db, n: number) =>
  db.selectFrom('carrier_files').selectAll().where('interchange_control_number', '=', n).forUpdate().executeTakeFirst();

export const markDelivered = (db: Db, id: number, at: Date) =>
  db.updateTable('carrier_files').set({ status: 'delivered', delivered_at: at }).where('id', '=', id).execute();

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
