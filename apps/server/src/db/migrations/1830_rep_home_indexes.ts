import { sql, type Kysely } from 'kysely';

/**
 * The rep's home (issue 24, docs/decisions/1830-rep-home-book-of-business.md): each list of one rep's people is a
 * range of an index in the list's order, so a page reads its rows without a sort at 100,000 enrollments, the same
 * on PGlite and PostgreSQL; name search is a prefix range of the same rep's rows.
 * - in progress: the rep's (account_id) enrollments not completed with a saved step, last saved first;
 * - completed: by completion time (this month is a range);
 * - quotes the rep sent, newest first; the reminder mails of a page of enrollments.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index if not exists enrollments_rep_progress_idx on enrollments(account_id, updated_at desc, id desc)
      where status <> 'completed' and tabs <> '{}'::jsonb;
    create index if not exists enrollments_rep_progress_last_idx
      on enrollments(account_id, (lower(tabs->'primary_info'->>'last_name')) text_pattern_ops)
      where status <> 'completed' and tabs <> '{}'::jsonb;
    create index if not exists enrollments_rep_progress_first_idx
      on enrollments(account_id, (lower(tabs->'primary_info'->>'first_name')) text_pattern_ops)
      where status <> 'completed' and tabs <> '{}'::jsonb;
    create index if not exists enrollments_rep_completed_idx on enrollments(account_id, completed_at desc, id desc)
      where status = 'completed';
    create index if not exists quotes_account_sent_idx on quotes(account_id, created_at desc, id desc);
    create index if not exists outbox_enrollment_kind_idx on outbox(enrollment_id, kind) where enrollment_id is not null;
    create index if not exists members_agent_name_idx on members(agent_id, last_name, first_name, user_id);
  `.execute(db);
}
