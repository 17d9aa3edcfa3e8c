import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, bank debits: a day's EFT payments go into one NACHA file (`ach_files`: its text sealed in content_enc,
 * bound to the row; totals kept in clear for the console; blanked after its retention), each entry's trace number
 * from `ach_trace_seq` (unique per ODFI for years), and the operator's ACH settings (one row: the ODFI, the company's
 * name and id the bank gave, the retention), which start as the demo bank's test values.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create sequence if not exists ach_trace_seq minvalue 1 maxvalue 9999999 cycle;
    create table if not exists ach_settings (
      id integer primary key default 1 check (id = 1),
      odfi_routing text not null check (odfi_routing ~ '^[0-9]{9}$'),
      odfi_name text not null,
      company_name text not null,
      company_id text not null check (length(company_id) = 10),
      retention_days integer not null default 30 check (retention_days between 1 and 3650),
      updated_at timestamptz not null default now()
    );
    insert into ach_settings (id, odfi_routing, odfi_name, company_name, company_id)
      values (1, '021000021', 'JPMORGAN CHASE BANK', 'BENEFIT STORE', '1000000001')
      on conflict (id) do nothing;
    create table if not exists ach_files (
      id serial primary key,
      file_name text not null unique,
      created_on date not null,
      effective_on date not null,
      entry_count integer not null check (entry_count > 0),
      total_cents bigint not null check (total_cents > 0),
      content_enc text,
      keep_until date not null,
      purged_at timestamptz,
      created_at timestamptz not null default now()
    );
    alter table premium_payments add column if not exists ach_file_id integer references ach_files(id);
  `.execute(db);
}
