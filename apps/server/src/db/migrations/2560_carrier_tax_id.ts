import { sql, type Kysely } from 'kysely';

/**
 * Issue 39: the carrier's federal taxpayer identification number (nine digits), the N104 of the 834's N1*IN with
 * qualifier FI (005010X220A1 loop 1000B). Empty until the operator sets it; a carrier without one gets no 834 (the file
 * is kept errored with the reason). docs/decisions/2480-834-files-a-translator-accepts.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table carriers add column if not exists federal_tax_id text not null default ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table carriers drop column if exists federal_tax_id`.execute(db);
}
