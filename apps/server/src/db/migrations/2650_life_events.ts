import { sql, type Kysely } from 'kysely';

/**
 * Issue 38, life events (decision 2550):
 * - `life_event_settings`: per event type, its window in days (30; 60 for a birth or adoption) and whether it needs
 *   proof (a move or a dependent's death does not). An operator setting, seeded with the defaults.
 * - `life_events`: what a member (or their rep, on their behalf) reported, its window and effective date, where it
 *   stands (awaiting_proof, in_review, approved, rejected), its document (a private media row, sealed) and the
 *   operator's decision with its reason.
 * - `carrier_file_items.dependent_id`: an 834 item about one dependent (an addition or a removal); null: the
 *   family as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table if not exists life_event_settings (
    event_type text primary key,
    window_days integer not null check (window_days between 1 and 365),
    needs_proof boolean not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into life_event_settings (event_type, window_days, needs_proof) values
    ('marriage', 30, true), ('birth_adoption', 60, true), ('divorce', 30, true),
    ('loss_of_coverage', 30, true), ('move', 30, false), ('dependent_death', 30, false)
    on conflict (event_type) do nothing`.execute(db);
  await sql`create table if not exists life_events (
    id serial primary key,
    user_id integer not null,
    enrollment_id text not null,
    event_type text not null references life_event_settings(event_type),
    event_date date not null,
    effective_date date not null,
    window_closes date not null,
    status text not null check (status in ('awaiting_proof', 'in_review', 'approved', 'rejected')),
    document_media_id text,
    document_type text,
    document_uploaded_at timestamptz,
    reason text,
    reported_by integer,
    reported_by_rep boolean not null default false,
    decided_by integer,
    decided_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index if not exists life_events_user_idx on life_events(user_id)`.execute(db);
  await sql`create index if not exists life_events_enrollment_idx on life_events(enrollment_id)`.execute(db);
  await sql`alter table carrier_file_items add column if not exists dependent_id text`.execute(db);
}
