import { sql, type Kysely } from 'kysely';

/**
 * Issue 23: the second line of the member's address (apartment, suite), kept on the member row with the first so an
 * address change at the member's home reaches the carriers whole (834 N3, N302). docs/decisions/2040-member-address-change.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table members add column if not exists address2 text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table members drop column if exists address2`.execute(db);
}
