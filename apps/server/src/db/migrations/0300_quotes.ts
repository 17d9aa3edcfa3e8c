import { sql, type Kysely } from 'kysely';

/** Cart and quote: every personalised quote sent from the cart, with the HTML that was mailed. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table quotes (
      id serial primary key,
      enrollment_id text not null references enrollments(id) on delete cascade,
      account_id integer,
      session_id text,
      to_name text not null,
      to_email text not null,
      message text,
      tab text not null default 'cart_info',
      data jsonb not null default '{}'::jsonb,
      html text not null,
      outbox_id integer,
      created_at timestamptz not null default now()
    );
    create index quotes_enrollment_idx on quotes (enrollment_id);
  `.execute(db);
}
