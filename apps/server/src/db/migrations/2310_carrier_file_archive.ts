import { sql, type Kysely } from 'kysely';

/**
 * Issue 34, finding 3 (docs/decisions/2310-carrier-files-sealed-archive-and-retention.md): the carriers' files are
 * deleted a carrier's retention (days, 30 unless its operator sets another) after a 999 accepted them or the operator
 * resolved them; `resolved_at`/`resolved_by` record that resolution, `purged_at` the deletion (the sealed text is
 * blanked, the archive copy removed; the row, its items and acknowledgment stay).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table carriers add column if not exists file_retention_days integer not null default 30;
    alter table carriers drop constraint if exists carriers_file_retention_days_check;
    alter table carriers add constraint carriers_file_retention_days_check check (file_retention_days between 1 and 3650);
    alter table carrier_files add column if not exists resolved_at timestamptz;
    alter table carrier_files add column if not exists resolved_by integer;
    alter table carrier_files add column if not exists purged_at timestamptz;
  `.execute(db);
}
