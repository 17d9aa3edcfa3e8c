import { sql, type Kysely } from 'kysely';

/**
 * Issue 26: a portal may offer only some categories of plans (storefront.md's get-common-menu and plans-and-cart.md's
 * get-filtered-plans answer by the quote's portal). Null offers every category, as before.
 * docs/decisions/1700-portal-categories.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table portals add column if not exists categories jsonb`.execute(db);
  // The plan list reads the portals' categories from the catalog cache: a change to portals is a change of catalog
  // (migration 0920's generation, for every store process sharing the database).
  await sql`
    drop trigger if exists portals_catalog_generation on portals;
    create trigger portals_catalog_generation after insert or update or delete or truncate on portals for each statement execute function bump_catalog_generation();
  `.execute(db);
}
