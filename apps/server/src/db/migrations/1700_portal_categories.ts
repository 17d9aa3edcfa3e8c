import { sql, type Kysely } from 'kysely';

/**
 * Issue 26: a portal may offer only some categories of plans (storefront.md's get-common-menu and plans-and-cart.md's
 * get-filtered-plans answer by the quote's portal). Null offers every category, as before.
 * docs/decisions/1700-portal-categories.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table portals add column if not exists categories jsonb`.execute(db);
  // The plan list reads the portals' categories from the catalog cache: a change to portals is a change of catalog,
  // told to every store process (migration 1100's notices). The owner cache keeps the quote's portal too: a changed
  // portal_id drops the enrollment's owner entry.
  await sql`
    drop trigger if exists portals_change_notice on portals;
    create trigger portals_change_notice after insert or update or delete or truncate on portals for each statement execute function notify_catalog_change();

    create or replace function notify_owner_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform store_notify('owner:' || old.id);
      elsif tg_op = 'INSERT' then
        perform store_notify('owner:' || new.id);
      elsif old.id is distinct from new.id or old.session_id is distinct from new.session_id or old.account_id is distinct from new.account_id
        or old.portal_id is distinct from new.portal_id then
        perform store_notify('owner:' || old.id);
        if old.id is distinct from new.id then perform store_notify('owner:' || new.id); end if;
      end if;
      return null;
    end $$;
    drop trigger if exists enrollments_owner_notice on enrollments;
    create trigger enrollments_owner_notice after insert or delete or update of id, session_id, account_id, portal_id on enrollments for each row execute function notify_owner_change();
  `.execute(db);
}
