import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, second part (docs/decisions/1980-carrier-sftp-and-inbound-acknowledgments.md): a carrier's SFTP settings
 * (its password or private key sealed at rest, db/sealed-columns.ts carrierSftpSecretContext); the file status
 * 'errored' (a file that could not be built, never sent); the acknowledgments picked up from a carrier's inbound
 * folder, one row each, claimed by the unique (carrier, content hash) so that two processes apply each once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table carriers add column if not exists sftp_host text not null default '';
    alter table carriers add column if not exists sftp_port integer not null default 22;
    alter table carriers add column if not exists sftp_username text not null default '';
    alter table carriers add column if not exists sftp_remote_dir text not null default '';
    alter table carriers add column if not exists sftp_host_key text not null default '';
    alter table carriers add column if not exists sftp_secret_enc text;
    alter table carriers drop constraint if exists carriers_delivery_method_check;
    alter table carriers add constraint carriers_delivery_method_check check (delivery_method in ('folder', 'sftp'));
    alter table carrier_files drop constraint if exists carrier_files_status_check;
    alter table carrier_files add constraint carrier_files_status_check
      check (status in ('generated', 'delivered', 'accepted', 'accepted_with_errors', 'rejected', 'errored'));
    create table if not exists carrier_inbound_files (
      id serial primary key,
      carrier_id integer not null references carriers(id),
      file_name text not null,
      sha256 text not null,
      outcome text not null check (outcome in ('applied', 'refused')),
      message text,
      created_at timestamptz not null default now(),
      unique (carrier_id, sha256)
    );
  `.execute(db);
}
