import { sql, type Kysely } from 'kysely';

/**
 * Issue 38, a change of plan in a life event's window (decision 2650):
 * - `policies.replaces_policy_id`: the policy this one replaces. A new plan that needs evidence of insurability waits
 *   pending while the old one runs on; the carrier's approval ends the old one (its 834 cancellation) and moves the
 *   billing to the new plan.
 * - `policies.life_event_id`: the life event whose window the policy was changed in (the trail and the audit row say
 *   the same; this keeps it on the row the console and the carriers read).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table policies add column if not exists replaces_policy_id integer`.execute(db);
  await sql`alter table policies add column if not exists life_event_id integer`.execute(db);
  await sql`create index if not exists policies_replaces_idx on policies(replaces_policy_id) where replaces_policy_id is not null`.execute(
    db,
  );
}
