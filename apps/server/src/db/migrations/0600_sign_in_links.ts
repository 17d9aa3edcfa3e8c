import { sql, type Kysely } from 'kysely';

/** Security: the nonces of signed sign-in links already used (a link signs in once). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sign_in_links_used (
      nonce text primary key,
      account_id integer not null,
      used_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index sign_in_links_used_expires_idx on sign_in_links_used (expires_at);
  `.execute(db);
}
