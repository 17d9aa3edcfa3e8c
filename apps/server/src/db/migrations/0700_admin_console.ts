import { sql, type Kysely } from 'kysely';

/**
 * Operator console: indexes that keep its lists fast at 100,000 enrollments (search by status and date,
 * by name prefix of the saved personal info, newest first) and the audit log by account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index if not exists enrollments_status_created_idx on enrollments(status, created_at desc, id);
    create index if not exists enrollments_created_id_idx on enrollments(created_at desc, id);
    create index if not exists enrollments_last_name_idx on enrollments ((lower(tabs->'primary_info'->>'last_name')) text_pattern_ops);
    create index if not exists enrollments_first_name_idx on enrollments ((lower(tabs->'primary_info'->>'first_name')) text_pattern_ops);
    create index if not exists enrollments_lower_confirmation_idx on enrollments ((lower(confirmation_number)) text_pattern_ops);
    create index if not exists outbox_created_idx on outbox(created_at desc, id);
    create index if not exists audit_account_idx on audit_log(account_id, at);
    create index if not exists agents_lower_name_idx on agents ((lower(last_name)));
  `.execute(db);
}
