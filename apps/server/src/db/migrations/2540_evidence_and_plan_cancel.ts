import { sql, type Kysely } from 'kysely';

/**
 * Issue 38, life after enrollment (decision 2470):
 * - `plans.needs_evidence`: the plan needs evidence of insurability (an operator setting; Term Life 100k does, as
 *   plans-and-cart.md 9 says; Guaranteed Issue Life does not). The demo's Term Life 100k is marked here for databases
 *   seeded before; the seed marks it on new ones.
 * - A policy's evidence: `eoi_status` (null: none needed; pending, more_information, approved, declined), the
 *   carrier's reference, the reason given, when and by whom it was decided. A pending policy is neither billed nor
 *   sent to its carrier.
 * - A policy the member cancelled: `ends_on` (the last day of the paid month) and `cancelled_at`. Billing stops.
 * - `carrier_file_items.plan_id`: an 834 item about one plan of the enrollment (an approval's addition, a
 *   cancellation); null: every plan of the enrollment with that carrier, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table plans add column if not exists needs_evidence boolean not null default false`.execute(db);
  await sql`update plans set needs_evidence = true where plan_name = 'Term Life 100k'`.execute(db);
  await sql`alter table policies add column if not exists eoi_status text
    check (eoi_status in ('pending', 'more_information', 'approved', 'declined'))`.execute(db);
  await sql`alter table policies add column if not exists eoi_reference text`.execute(db);
  await sql`alter table policies add column if not exists eoi_reason text`.execute(db);
  await sql`alter table policies add column if not exists eoi_decided_at timestamptz`.execute(db);
  await sql`alter table policies add column if not exists eoi_decided_by integer`.execute(db);
  await sql`alter table policies add column if not exists ends_on date`.execute(db);
  await sql`alter table policies add column if not exists cancelled_at timestamptz`.execute(db);
  await sql`create index if not exists policies_eoi_idx on policies(eoi_status) where eoi_status is not null`.execute(db);
  await sql`alter table carrier_file_items add column if not exists plan_id integer`.execute(db);
}
