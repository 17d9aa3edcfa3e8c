import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, the group's home (docs/decisions/1860-group-home.md): the group's open-enrollment window (null dates do
 * not limit), and the census of its employees (name, e-mail, date of birth), each invited by mail; a waived
 * employee declined coverage. Enrollments are matched to employees by e-mail within the group.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table groups add column if not exists enrollment_opens_on date;
    alter table groups add column if not exists enrollment_closes_on date;
    create table if not exists group_employees (
      id serial primary key,
      group_id integer not null references groups(group_id) on delete cascade,
      name text not null,
      email text not null,
      dob date not null,
      invited_at timestamptz,
      reminded_at timestamptz,
      waived_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (group_id, email)
    );
  `.execute(db);
}
