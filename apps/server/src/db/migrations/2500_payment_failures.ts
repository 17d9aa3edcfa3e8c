import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, failed payments and the grace period's end:
 * - `payment_failure_notices`: one row per failure of the ledger (a decline or a return) whose mail was queued; its
 *   unique ledger id makes the mail once, however many processes run the billing day (failures already in the ledger
 *   are marked mailed: they are not mailed weeks late).
 * - `payment_change_links`: the one-time links mailed to a payer without an account, to the change-payment form alone
 *   (the token's nonce; single use: `used_at`; `expires_at`).
 * - `billing_records.coverage_ended_on`: the last day of coverage when the grace period ended without payment (the
 *   billing run collects it no more; the carriers were sent a termination 834).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists payment_failure_notices (
      ledger_id integer primary key references ledger_entries(id),
      enrollment_id text not null references enrollments(id),
      created_at timestamptz not null default now()
    );
    create table if not exists payment_change_links (
      nonce text primary key,
      user_id integer not null,
      enrollment_id text not null references enrollments(id),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index if not exists payment_change_links_expiry on payment_change_links (expires_at);
    alter table billing_records add column if not exists coverage_ended_on date;
    -- Failures recorded before these mails existed are not mailed now, weeks later.
    insert into payment_failure_notices (ledger_id, enrollment_id)
      select id, enrollment_id from ledger_entries where kind in ('decline', 'return') and enrollment_id is not null
      on conflict do nothing;
  `.execute(db);
}
