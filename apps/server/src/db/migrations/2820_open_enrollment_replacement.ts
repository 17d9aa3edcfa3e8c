import { sql, type Kysely } from 'kysely';

/**
 * Issue 38, an active open enrollment's chooser (decision 2720): `renewal_changes.action` also records an earlier
 * policy ended because the employee chose again (`replaced`) and a new choice's policy of a plan the employee already
 * held, closed so the plan is covered and billed once (`merged`, the kept policy in `new_policy_id`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table renewal_changes drop constraint if exists renewal_changes_action_check`.execute(db);
  await sql`alter table renewal_changes add constraint renewal_changes_action_check
    check (action in ('moved', 'ended', 'lapsed', 'replaced', 'merged'))`.execute(db);
}
