import { sql, type Kysely } from 'kysely';

/**
 * Issue 39: a rep's national producer number (the 834's N1*BO, loop 1000C), the states they are licensed in with each
 * license's expiry, and the carriers that appointed them. A rep quotes and enrolls only where a license is current.
 * docs/decisions/2482-rep-licenses.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table agents add column if not exists npn text;
    create table if not exists rep_licenses (
      agent_id integer not null references agents(agent_id),
      state text not null check (state ~ '^[A-Z]{2}$'),
      expires_on date not null,
      primary key (agent_id, state)
    );
    create table if not exists rep_appointments (
      agent_id integer not null references agents(agent_id),
      carrier_id integer not null references carriers(id),
      primary key (agent_id, carrier_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists rep_appointments;
    drop table if exists rep_licenses;
    alter table agents drop column if exists npn;
  `.execute(db);
}
