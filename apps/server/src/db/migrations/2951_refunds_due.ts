import { sql, type Kysely } from 'kysely';

/**
 * Issue 38, decision 2871: refunds left to the operator (a merged open enrollment choice's month the provider refused,
 * did not answer at the job's last try, or a bank debit already sent). One row per thing due (`due_key`: the refund's
 * idempotency key, so a job run again adds nothing); the operator refunds by hand and marks it settled, with their
 * account, name and a note (once: a settled row is not settled again).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists refunds_due (
      id serial primary key,
      due_key text not null unique,
      enrollment_id text not null references enrollments(id),
      policy_id integer,
      payment_id integer,
      part text not null,
      amount_cents integer not null,
      why text not null,
      message text,
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      settled_by integer,
      settled_by_name text,
      settled_note text
    );
  `.execute(db);
  await sql`create index if not exists refunds_due_open on refunds_due (created_at) where settled_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists refunds_due`.execute(db);
}
