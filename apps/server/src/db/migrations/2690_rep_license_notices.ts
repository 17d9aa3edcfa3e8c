import { sql, type Kysely } from 'kysely';

/**
 * Issue 39: a license's expiry is told to its rep and the operators once, 30 days ahead: one row per license and
 * expiry date (a renewed license, with a new date, gets its own notice). docs/decisions/2590-rep-licensing-console-and-expiry.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists rep_license_notices (
      agent_id integer not null references agents(agent_id),
      state text not null,
      expires_on date not null,
      noticed_at timestamptz not null default now(),
      primary key (agent_id, state, expires_on)
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists rep_license_notices;`.execute(db);
}
