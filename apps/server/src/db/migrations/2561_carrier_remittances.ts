import { sql, type Kysely } from 'kysely';

/**
 * Issue 39: premium remitted to the carriers in an X12 820 (005010X218), written by the billing day's run and kept as a
 * carrier file of kind 'remittance' (delivered, listed and acknowledged like the 834s). `remittance_schedule`: daily
 * (each run) or monthly (the run of each month's first day). A line per carrier and ledger row remitted, unique, so a
 * collected premium is remitted to its carrier once however often the day runs.
 * docs/decisions/2481-premium-remittance-820.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table carriers add column if not exists remittance_schedule text not null default 'daily';
    alter table carriers drop constraint if exists carriers_remittance_schedule_check;
    alter table carriers add constraint carriers_remittance_schedule_check check (remittance_schedule in ('daily', 'monthly'));
    alter table carrier_files drop constraint if exists carrier_files_kind_check;
    alter table carrier_files add constraint carrier_files_kind_check check (kind in ('enrollment', 'daily', 'remittance'));
    create table if not exists carrier_remittance_lines (
      id serial primary key,
      carrier_id integer not null references carriers(id),
      file_id integer not null references carrier_files(id),
      ledger_entry_id integer not null references ledger_entries(id),
      enrollment_id text not null references enrollments(id),
      policy_id integer not null,
      period text not null,
      amount_cents integer not null,
      unique (carrier_id, ledger_entry_id, policy_id)
    );
    create index if not exists carrier_remittance_lines_file on carrier_remittance_lines (file_id);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists carrier_remittance_lines;
    alter table carrier_files drop constraint if exists carrier_files_kind_check;
    alter table carrier_files add constraint carrier_files_kind_check check (kind in ('enrollment', 'daily'));
    alter table carriers drop constraint if exists carriers_remittance_schedule_check;
    alter table carriers drop column if exists remittance_schedule;
  `.execute(db);
}
