import { sql, type Kysely } from 'kysely';

/** Storefront: rep sign-up queries, lead devices, the lead chat (questions and answers), traffic records. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table storefront_signup_queries (
      id serial primary key,
      name text not null,
      state text not null,
      phone text not null,
      email text not null,
      created_at timestamptz not null default now()
    );
    create table storefront_leads (
      device_id text primary key,
      web_url text,
      agent_id integer,
      group_id integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create table storefront_assist_questions (
      id serial primary key,
      question text not null,
      sort_order integer not null default 0,
      active boolean not null default true
    );
    create table storefront_assist_answers (
      id serial primary key,
      device_id text not null,
      agent_id integer,
      question_id integer not null references storefront_assist_questions(id) on delete cascade,
      answer text not null,
      web_url text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (device_id, question_id)
    );
    create table storefront_traffic (
      id serial primary key,
      enrollment_id text not null,
      source text not null default 'elevate',
      created_at timestamptz not null default now()
    );
    create index storefront_traffic_enrollment on storefront_traffic (enrollment_id);
    insert into storefront_assist_questions (question, sort_order) values
      ('What is your name?', 1),
      ('What is your e-mail address?', 2),
      ('What is your phone number?', 3),
      ('Which kind of plan are you looking for (dental, vision, life or other)?', 4),
      ('When is the best time to reach you?', 5);
  `.execute(db);
}
