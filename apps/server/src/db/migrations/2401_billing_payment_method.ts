import { sql, type Kysely } from 'kysely';

/**
 * Issue 36: the payment method an enrollment was paid with at completion (the member's saved card or account). The
 * billing run charges it, or the member's newer method once the member changes it in the member home.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table billing_records add column if not exists payment_method_id integer references member_payment_methods(id);
  `.execute(db);
}
