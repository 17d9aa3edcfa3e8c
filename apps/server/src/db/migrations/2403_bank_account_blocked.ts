import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, NACHA returns: a return that says the account cannot be debited (R02, R03, R04, R07, R10, R29) stops every
 * later debit of that account until the payer gives a new one; `returned_at` on the payment when the bank sent it back, and
 * `method_id`, the member's method it was debited from (the one a blocking return stops).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table member_payment_methods add column if not exists blocked_at timestamptz;
    alter table member_payment_methods add column if not exists blocked_reason text;
    alter table premium_payments add column if not exists returned_at timestamptz;
    alter table premium_payments add column if not exists method_id integer;
  `.execute(db);
}
