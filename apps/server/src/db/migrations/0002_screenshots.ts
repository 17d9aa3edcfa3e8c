import { sql, type Kysely } from 'kysely';

/** The PNG record of each step (and of the cart at checkout). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table screenshots (
      id serial primary key,
      enrollment_id text not null references enrollments(id) on delete cascade,
      name text not null,
      image bytea not null,
      created_at timestamptz not null default now()
    );
    create index screenshots_enrollment_idx on screenshots(enrollment_id, id);
  `.execute(db);
}
