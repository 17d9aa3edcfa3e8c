import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, bank debits delivered: the bank takes the day's NACHA file from ACH_OUT_DIR (`folder`, the default: its
 * sealed copy is written there) or the store uploads it to the bank's SFTP server (`sftp`, the carriers' adapter:
 * host key pinned, the password or private key sealed in `sftp_secret_enc`). Each file keeps when it was delivered,
 * how many tries failed and the last error (the console shows them). docs/decisions/2521-ach-files-delivered.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table ach_settings add column if not exists delivery_method text not null default 'folder'
      check (delivery_method in ('folder', 'sftp'));
    alter table ach_settings add column if not exists sftp_host text not null default '';
    alter table ach_settings add column if not exists sftp_port integer not null default 22 check (sftp_port between 1 and 65535);
    alter table ach_settings add column if not exists sftp_username text not null default '';
    alter table ach_settings add column if not exists sftp_remote_dir text not null default '/';
    alter table ach_settings add column if not exists sftp_host_key text not null default '';
    alter table ach_settings add column if not exists sftp_secret_enc text;
    alter table ach_files add column if not exists delivered_at timestamptz;
    alter table ach_files add column if not exists delivery_attempts integer not null default 0;
    alter table ach_files add column if not exists delivery_error text;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table ach_files drop column if exists delivery_error;
    alter table ach_files drop column if exists delivery_attempts;
    alter table ach_files drop column if exists delivered_at;
    alter table ach_settings drop column if exists sftp_secret_enc;
    alter table ach_settings drop column if exists sftp_host_key;
    alter table ach_settings drop column if exists sftp_remote_dir;
    alter table ach_settings drop column if exists sftp_username;
    alter table ach_settings drop column if exists sftp_port;
    alter table ach_settings drop column if exists sftp_host;
    alter table ach_settings drop column if exists delivery_method;
  `.execute(db);
}
