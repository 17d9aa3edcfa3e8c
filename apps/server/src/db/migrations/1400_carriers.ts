import { sql, type Kysely } from 'kysely';

/**
 * Issue 23 (docs/decisions/1400-carrier-834-files.md): the insurance carriers, the plan's carrier, and the X12 834
 * files the store sends them. A file's text carries SSNs: it is sealed (content_enc, db/sealed-columns.ts). The
 * enrollments of a file (carrier_file_items) are queued at completion; a per-enrollment carrier gets its file in the
 * completing transaction, a daily carrier in the daily batch job.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists carriers (
      id serial primary key,
      name text not null unique,
      isa_sender_qualifier text not null default 'ZZ',
      isa_sender_id text not null,
      isa_receiver_qualifier text not null default 'ZZ',
      isa_receiver_id text not null,
      group_number text not null,
      usage_indicator text not null default 'T' check (usage_indicator in ('T', 'P')),
      delivery_method text not null default 'folder' check (delivery_method in ('folder')),
      batch_mode text not null default 'per_enrollment' check (batch_mode in ('per_enrollment', 'daily')),
      ack_window_hours integer not null default 48 check (ack_window_hours > 0),
      created_at timestamptz not null default now()
    );
    alter table plans add column if not exists carrier_id integer references carriers(id);
    create table if not exists carrier_files (
      id serial primary key,
      carrier_id integer not null references carriers(id),
      kind text not null check (kind in ('enrollment', 'daily')),
      status text not null default 'generated' check (status in ('generated', 'delivered', 'accepted', 'accepted_with_errors', 'rejected')),
      file_name text not null,
      content_enc text not null,
      interchange_control_number integer not null,
      group_control_number integer not null,
      transaction_count integer not null,
      ack_errors jsonb not null default '[]',
      delivered_at timestamptz,
      acknowledged_at timestamptz,
      created_at timestamptz not null default now()
    );
    create table if not exists carrier_file_items (
      id serial primary key,
      carrier_id integer not null references carriers(id),
      enrollment_id text not null references enrollments(id) on delete cascade,
      maintenance text not null default '021' check (maintenance in ('021', '024', '001')),
      reason text,
      effective_date date,
      file_id integer references carrier_files(id),
      transaction_control_number text,
      created_at timestamptz not null default now()
    );
    create index if not exists carrier_file_items_pending on carrier_file_items (carrier_id) where file_id is null;
    create index if not exists carrier_file_items_enrollment on carrier_file_items (enrollment_id);
    create index if not exists carrier_file_items_file on carrier_file_items (file_id);
  `.execute(db);
}
