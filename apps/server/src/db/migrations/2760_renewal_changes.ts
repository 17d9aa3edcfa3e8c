import { sql, type Kysely } from 'kysely';

/**
 * Issue 38, what renewals still lacked (decision 2660, amending 2560):
 * - `renewal_changes`: what the renewal date did to a policy, once per policy and date (the primary key): a policy on a
 *   discontinued plan moved to its replacement (`moved`, the new policy), ended without one (`ended`), or an active
 *   open enrollment's employee who did not choose (`lapsed`).
 * - `carrier_file_items.replaced_plan_id`: an item that moves a policy from this plan to `plan_id` at one carrier
 *   (one 001 transaction set: the old plan's HD 024, the new plan's HD 021).
 * - `groups.open_enrollment_reminder_days`: reminders go out this many days before the open enrollment closes.
 * - `open_enrollment_mails`: each invitation and reminder of an open enrollment, once per employee and period.
 * - `life_event_settings.document_retention_days`: a decided event's proof is deleted this many days after the decision.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table if not exists renewal_changes (
    policy_id integer not null,
    starts_on date not null,
    action text not null check (action in ('moved', 'ended', 'lapsed')),
    new_policy_id integer,
    created_at timestamptz not null default now(),
    primary key (policy_id, starts_on)
  )`.execute(db);
  await sql`alter table carrier_file_items add column if not exists replaced_plan_id integer`.execute(db);
  await sql`alter table groups add column if not exists open_enrollment_reminder_days integer not null default 7
    check (open_enrollment_reminder_days between 1 and 60)`.execute(db);
  await sql`create table if not exists open_enrollment_mails (
    employee_id integer not null references group_employees(id) on delete cascade,
    opens_on date not null,
    kind text not null check (kind in ('invitation', 'reminder')),
    sent_at timestamptz not null default now(),
    primary key (employee_id, opens_on, kind)
  )`.execute(db);
  await sql`alter table life_event_settings add column if not exists document_retention_days integer not null default 730
    check (document_retention_days between 1 and 3650)`.execute(db);
}
