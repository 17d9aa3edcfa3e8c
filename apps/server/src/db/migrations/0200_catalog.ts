import { sql, type Kysely } from 'kysely';

/** Catalog: questionnaire answers per enrollment and plan (sealed), and the dependent popup's answers. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table plan_answers (
      enrollment_id text not null references enrollments(id) on delete cascade,
      plan_id integer not null references plans(plan_id),
      kind text not null check (kind in ('questions','aflac')),
      answers_enc text not null,
      question_ids jsonb not null default '[]'::jsonb,
      declined boolean not null default false,
      all_yes boolean not null default false,
      updated_at timestamptz not null default now(),
      primary key (enrollment_id, plan_id, kind)
    );
    create table temp_dependent_info (
      enrollment_id text primary key references enrollments(id) on delete cascade,
      plan_id integer,
      spouse_dob date,
      no_of_children integer,
      updated_at timestamptz not null default now()
    );
  `.execute(db);
}
