import { sql, type Kysely } from 'kysely';

/**
 * Issue 40: a mail the server refused for now waits before it is tried again (`retry_at`, the wait doubling from
 * MAIL_RETRY_SECONDS up to an hour: plugins/mailer.ts); the claim skips it until then. Before, a refused mail was
 * tried again at once, five times in one pass, and marked failed: a mail server down for a minute lost the mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table outbox add column if not exists retry_at timestamptz`.execute(db);
}
