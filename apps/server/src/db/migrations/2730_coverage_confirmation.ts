import { sql, type Kysely } from 'kysely';

/**
 * Issue 39, "coverage confirmed": a plan's coverage is confirmed only by the carrier (an inbound effectuation 834 or
 * the operator recording the carrier's word), with the carrier's policy number; a carrier may reject it instead, and
 * the premium collected for a rejected plan is refunded or held by the operator's choice. Each carrier has its window
 * for confirming (days after the first premium collected); the rep is mailed once per plan past it.
 * docs/decisions/2630-coverage-confirmed-by-the-carrier.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table carriers add column if not exists confirmation_window_days integer not null default 10
      check (confirmation_window_days between 1 and 120);
    alter table policies add column if not exists carrier_status text check (carrier_status in ('confirmed', 'rejected'));
    alter table policies add column if not exists carrier_policy_number text;
    alter table policies add column if not exists carrier_status_at timestamptz;
    alter table policies add column if not exists carrier_status_source text check (carrier_status_source in ('effectuation', 'operator'));
    alter table policies add column if not exists carrier_rejection_reason text;
    alter table policies add column if not exists rejection_settlement text check (rejection_settlement in ('refunded', 'held'));
    alter table policies add column if not exists rejection_settled_at timestamptz;
    alter table policies add column if not exists unconfirmed_told_at timestamptz;
    create index if not exists policies_unconfirmed on policies (policy_id) where carrier_status is null;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index if exists policies_unconfirmed;
    alter table policies drop column if exists unconfirmed_told_at;
    alter table policies drop column if exists rejection_settled_at;
    alter table policies drop column if exists rejection_settlement;
    alter table policies drop column if exists carrier_rejection_reason;
    alter table policies drop column if exists carrier_status_source;
    alter table policies drop column if exists carrier_status_at;
    alter table policies drop column if exists carrier_policy_number;
    alter table policies drop column if exists carrier_status;
    alter table carriers drop column if exists confirmation_window_days;
  `.execute(db);
}
