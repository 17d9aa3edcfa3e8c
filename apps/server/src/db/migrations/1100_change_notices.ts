import { sql, type Kysely } from 'kysely';

/**
 * Change notices for the in-process caches of every store process (lib/cache.ts, docs/decisions/1100-one-pipeline.md).
 * Triggers send `pg_notify('store_changes_<schema>', payload)` in the writing transaction, so listeners hear of a
 * change when it commits (and never of one rolled back); PostgreSQL and PGlite alike:
 *   - `catalog`                       any write to plans, plan_rates or plan_questions (statement level);
 *   - `session:<id>`                  a session row inserted, changed or deleted; `sessions` on truncate, and on any
 *                                     write to accounts (a deactivated account, a changed role: every cached session);
 *   - `owner:<id>`                    an enrollment inserted or deleted, or an update setting id, session_id or
 *                                     account_id (who may read it); `owners` on truncate.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function store_notify(payload text) returns void language sql as $$
      select pg_notify('store_changes_' || current_schema(), payload)
    $$;

    create or replace function notify_catalog_change() returns trigger language plpgsql as $$
    begin
      perform store_notify('catalog');
      return null;
    end $$;
    drop trigger if exists plans_change_notice on plans;
    create trigger plans_change_notice after insert or update or delete or truncate on plans for each statement execute function notify_catalog_change();
    drop trigger if exists plan_rates_change_notice on plan_rates;
    create trigger plan_rates_change_notice after insert or update or delete or truncate on plan_rates for each statement execute function notify_catalog_change();
    drop trigger if exists plan_questions_change_notice on plan_questions;
    create trigger plan_questions_change_notice after insert or update or delete or truncate on plan_questions for each statement execute function notify_catalog_change();

    create or replace function notify_session_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform store_notify('session:' || old.id);
      else
        perform store_notify('session:' || new.id);
        if tg_op = 'UPDATE' and old.id is distinct from new.id then perform store_notify('session:' || old.id); end if;
      end if;
      return null;
    end $$;
    create or replace function notify_all_sessions() returns trigger language plpgsql as $$
    begin
      perform store_notify('sessions');
      return null;
    end $$;
    drop trigger if exists sessions_change_notice on sessions;
    create trigger sessions_change_notice after insert or update or delete on sessions for each row execute function notify_session_change();
    drop trigger if exists sessions_truncate_notice on sessions;
    create trigger sessions_truncate_notice after truncate on sessions for each statement execute function notify_all_sessions();
    drop trigger if exists accounts_change_notice on accounts;
    create trigger accounts_change_notice after insert or update or delete or truncate on accounts for each statement execute function notify_all_sessions();

    create or replace function notify_owner_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform store_notify('owner:' || old.id);
      elsif tg_op = 'INSERT' then
        perform store_notify('owner:' || new.id);
      elsif old.id is distinct from new.id or old.session_id is distinct from new.session_id or old.account_id is distinct from new.account_id then
        perform store_notify('owner:' || old.id);
        if old.id is distinct from new.id then perform store_notify('owner:' || new.id); end if;
      end if;
      return null;
    end $$;
    create or replace function notify_all_owners() returns trigger language plpgsql as $$
    begin
      perform store_notify('owners');
      return null;
    end $$;
    drop trigger if exists enrollments_owner_notice on enrollments;
    create trigger enrollments_owner_notice after insert or delete or update of id, session_id, account_id on enrollments for each row execute function notify_owner_change();
    drop trigger if exists enrollments_truncate_notice on enrollments;
    create trigger enrollments_truncate_notice after truncate on enrollments for each statement execute function notify_all_owners();
  `.execute(db);
}
