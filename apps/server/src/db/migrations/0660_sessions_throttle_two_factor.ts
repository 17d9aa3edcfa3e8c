import { sql, type Kysely } from 'kysely';

/**
 * Security (issue 20): sessions' last activity (the idle timeout), failed sign-ins per account and address (a growing
 * delay instead of a lock), operators' second factor (a sealed TOTP secret, the last time step used, hashed
 * one-time recovery codes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table sessions add column last_seen_at timestamptz not null default now();
    create table sign_in_failures (
      key text primary key,
      failures integer not null,
      blocked_until timestamptz,
      updated_at timestamptz not null default now()
    );
    create index sign_in_failures_updated_idx on sign_in_failures (updated_at);
    alter table accounts add column totp_secret_enc text;
    alter table accounts add column totp_last_step bigint;
    create table recovery_codes (
      id serial primary key,
      account_id integer not null references accounts(id) on delete cascade,
      code_hash text not null,
      used_at timestamptz
    );
    create index recovery_codes_account_idx on recovery_codes (account_id);
  `.execute(db);
}
