import { sql, type Kysely } from 'kysely';

/**
 * Issue 10 (docs/decisions/0850-reminders-and-mail-language.md): the language the person uses, kept on the
 * enrollment for mail sent later; reminders can be turned off; durable scheduled jobs (due_at, attempts, status)
 * claimed with FOR UPDATE SKIP LOCKED, so several store processes never run one job twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table enrollments add column if not exists mail_lang text not null default 'en' check (mail_lang in ('en','es'));
    alter table enrollments add column if not exists reminders_unsubscribed_at timestamptz;
    create table if not exists scheduled_jobs (
      id serial primary key,
      kind text not null,
      enrollment_id text references enrollments(id) on delete cascade,
      due_at timestamptz not null,
      status text not null default 'pending' check (status in ('pending','done','cancelled','failed')),
      attempts integer not null default 0,
      last_error text,
      payload jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index if not exists scheduled_jobs_pending_due on scheduled_jobs (due_at) where status = 'pending';
    create index if not exists scheduled_jobs_enrollment on scheduled_jobs (enrollment_id);
  `.execute(db);
}
