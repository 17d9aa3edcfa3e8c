import { sql, type Kysely } from 'kysely';

/** Signatures and receipts are private media: /media/:id serves only public files (branding, logos). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media add column private boolean not null default false`.execute(db);
  await sql`update media set private = true where id like 'signature-%' or id like 'receipt-%'`.execute(db);
}
