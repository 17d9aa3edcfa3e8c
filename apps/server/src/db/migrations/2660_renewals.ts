import { sql, type Kysely } from 'kysely';

/**
 * Issue 38, renewals and open enrollment (decision 2560):
 * - `plan_rate_periods`: a plan's rate grid for a later period (plan year), loaded by the operator with its start date.
 *   `plan_rates` stays the grid in force (the storefront prices from it); on the start date the renewal job puts the
 *   period's prices into it (`applied_at`).
 * - `plans.discontinued_on` and `plans.replacement_plan_id`: the plan ends at that renewal date; its members are
 *   offered the replacement.
 * - `policy_renewals`: a policy's price in the next period (or its replacement's), priced once from the period's grid;
 *   the renewal mail, the member home, the rep's renewal list and the billing run read it.
 * - `renewal_notices`: the renewal mail, once per member and period (the primary key).
 * - `groups.open_enrollment`: 'active' (employees must choose again) or 'passive' (coverage rolls over unless changed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table if not exists plan_rate_periods (
    id serial primary key,
    plan_id integer not null references plans(plan_id),
    starts_on date not null,
    tier text not null,
    age_min integer not null,
    age_max integer not null,
    state text,
    smoker boolean,
    price_cents integer not null check (price_cents >= 0),
    created_at timestamptz not null default now(),
    applied_at timestamptz
  )`.execute(db);
  await sql`create index if not exists plan_rate_periods_plan_idx on plan_rate_periods(plan_id, starts_on)`.execute(db);
  await sql`alter table plans add column if not exists discontinued_on date`.execute(db);
  await sql`alter table plans add column if not exists replacement_plan_id integer references plans(plan_id)`.execute(db);
  await sql`create table if not exists policy_renewals (
    policy_id integer not null,
    starts_on date not null,
    enrollment_id text,
    user_id integer not null,
    plan_id integer not null,
    current_cents integer not null,
    renewal_cents integer,
    replacement_plan_id integer,
    created_at timestamptz not null default now(),
    primary key (policy_id, starts_on)
  )`.execute(db);
  await sql`create index if not exists policy_renewals_enrollment_idx on policy_renewals(enrollment_id)`.execute(db);
  await sql`create index if not exists policy_renewals_user_idx on policy_renewals(user_id, starts_on)`.execute(db);
  await sql`create table if not exists renewal_notices (
    user_id integer not null,
    starts_on date not null,
    sent_at timestamptz not null default now(),
    primary key (user_id, starts_on)
  )`.execute(db);
  await sql`alter table groups add column if not exists open_enrollment text not null default 'passive'
    check (open_enrollment in ('active', 'passive'))`.execute(db);
}
