import { sql, type Kysely } from 'kysely';

/**
 * Scale (issue 11): indexes for look-ups that read a whole table once it holds 100,000 enrollments and their carts.
 * - a member's last completed enrollment (the health step offers its answers again): by user, newest first;
 * - the cart rows that use a rate (the console refuses to drop rates still in carts; PostgreSQL checks the
 *   plan_rates foreign key the same way when a rate is deleted);
 * - an account's sessions (signed out everywhere when the console deactivates it; cascades from accounts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index if not exists enrollments_user_completed_idx on enrollments(user_id, completed_at desc) where status = 'completed';
    create index if not exists cart_items_plan_pricing_idx on cart_items(plan_pricing_id);
    create index if not exists sessions_account_idx on sessions(account_id) where account_id is not null;
  `.execute(db);
}
