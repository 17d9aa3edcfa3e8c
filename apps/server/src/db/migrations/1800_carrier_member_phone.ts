import { sql, type Kysely } from 'kysely';

/**
 * Issue 24: the member services phone of a carrier, printed on the member's ID card. Null: the card shows the store's
 * support phone of the member's agent. docs/decisions/1800-member-home.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table carriers add column if not exists member_phone text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table carriers drop column if exists member_phone`.execute(db);
}
