import { sql, type Kysely } from 'kysely';

/**
 * Issue 37: what a member's ID card carries of its carrier, set in the console's carrier form: the payer id (claims
 * sent electronically), the claims mailing address, and the carrier's logo (an image address, /media/… or https).
 * Null: the card leaves the line out. The member services phone is migration 1800's member_phone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table carriers add column if not exists payer_id text`.execute(db);
  await sql`alter table carriers add column if not exists claims_address text`.execute(db);
  await sql`alter table carriers add column if not exists logo text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table carriers drop column if exists logo`.execute(db);
  await sql`alter table carriers drop column if exists claims_address`.execute(db);
  await sql`alter table carriers drop column if exists payer_id`.execute(db);
}
