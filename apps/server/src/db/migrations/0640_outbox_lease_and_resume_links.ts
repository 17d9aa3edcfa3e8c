import { sql, type Kysely } from 'kysely';

/**
 * Security (issue 20):
 * - outbox: a lease (status 'sending' until locked_until) so that one process sends a mail while another waits;
 *   purged_at (bodies blanked after delivery plus a window); holds_secret (a resume code or link: never shown
 *   in the console).
 * - enrollments: the session that opened the current direct-continue link (a link opens in one browser); codes
 *   issued for 30 days now expire within 7 days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table outbox drop constraint if exists outbox_status_check;
    alter table outbox add constraint outbox_status_check check (status in ('pending','sending','sent','kept','failed'));
    alter table outbox add column if not exists locked_until timestamptz;
    alter table outbox add column if not exists purged_at timestamptz;
    alter table outbox add column if not exists holds_secret boolean not null default false;
    -- Mails written before this change that hold resume codes or links.
    update outbox set holds_secret = true where kind in ('enrollment-code', 'enrollment-reminder');
    alter table enrollments add column if not exists direct_link_session text;
    -- Codes and links issued for 30 days expire within 7 days of this change, like new ones.
    update enrollments set resume_expires_at = now() + interval '7 days' where resume_expires_at > now() + interval '7 days';
  `.execute(db);
}
