import { sql, type Kysely } from 'kysely';

/**
 * The bank routing directory (enrollment.md 4.10, docs/decisions/1011-routing-directory-and-typing.md): routing number to
 * bank name, the same on PGlite and PostgreSQL. Seeded with the entries the store shipped in code before; the
 * Federal Reserve's FedACH directory file is loaded with `npm run import-fedach -- <file>`.
 */
const SHIPPED: [string, string][] = [
  ['021000021', 'JPMORGAN CHASE BANK'],
  ['011000015', 'FEDERAL RESERVE BANK'],
  ['026009593', 'BANK OF AMERICA, N.A.'],
  ['121000248', 'WELLS FARGO BANK, N.A.'],
  ['021000089', 'CITIBANK, N.A.'],
  ['071000013', 'JPMORGAN CHASE BANK'],
  ['111000025', 'BANK OF AMERICA, N.A.'],
  ['322271627', 'JPMORGAN CHASE BANK'],
  ['091000019', 'WELLS FARGO BANK, N.A.'],
  ['031176110', 'CAPITAL ONE, N.A.'],
  ['061000104', 'TRUIST BANK'],
  ['063100277', 'BANK OF AMERICA, N.A.'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists routing_directory (
      routing_number text primary key check (routing_number ~ '^[0-9]{9}$'),
      bank_name text not null check (length(bank_name) between 1 and 100),
      city text,
      state text,
      source text not null default 'shipped' check (source in ('shipped', 'fedach')),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await db
    .insertInto('routing_directory')
    .values(SHIPPED.map(([routing_number, bank_name]) => ({ routing_number, bank_name })))
    .onConflict((oc) => oc.column('routing_number').doNothing())
    .execute();
}
