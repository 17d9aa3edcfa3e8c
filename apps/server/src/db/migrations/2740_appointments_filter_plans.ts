import { sql, type Kysely } from 'kysely';

/**
 * Issue 39: a rep offers only the plans of carriers that appointed them (docs/decisions/2640-appointments-filter-the-plans.md).
 * The plan list reads a rep's appointments from the catalog cache under `appointments:<agent_id>`: a change to one
 * rep's appointments drops that key in every store process (migration 1100's notices, `catalog:<key>`), a truncate
 * the whole catalog. The owner cache keeps the quote's rep (agent_id) beside its owner and portal: a changed agent_id
 * drops the enrollment's owner entry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function notify_appointments_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' or tg_op = 'UPDATE' then perform store_notify('catalog:appointments:' || old.agent_id); end if;
      if tg_op = 'INSERT' or tg_op = 'UPDATE' then perform store_notify('catalog:appointments:' || new.agent_id); end if;
      return null;
    end $$;
    drop trigger if exists rep_appointments_change_notice on rep_appointments;
    create trigger rep_appointments_change_notice after insert or update or delete on rep_appointments for each row execute function notify_appointments_change();
    drop trigger if exists rep_appointments_truncate_notice on rep_appointments;
    create trigger rep_appointments_truncate_notice after truncate on rep_appointments for each statement execute function notify_catalog_change();

    create or replace function notify_owner_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform store_notify('owner:' || old.id);
      elsif tg_op = 'INSERT' then
        perform store_notify('owner:' || new.id);
      elsif old.id is distinct from new.id or old.session_id is distinct from new.session_id or old.account_id is distinct from new.account_id
        or old.portal_id is distinct from new.portal_id or old.agent_id is distinct from new.agent_id then
        perform store_notify('owner:' || old.id);
        if old.id is distinct from new.id then perform store_notify('owner:' || new.id); end if;
      end if;
      return null;
    end $$;
    drop trigger if exists enrollments_owner_notice on enrollments;
    create trigger enrollments_owner_notice after insert or delete or update of id, session_id, account_id, portal_id, agent_id on enrollments for each row execute function notify_owner_change();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists rep_appointments_change_notice on rep_appointments;
    drop trigger if exists rep_appointments_truncate_notice on rep_appointments;
    drop function if exists notify_appointments_change();
  `.execute(db);
}
