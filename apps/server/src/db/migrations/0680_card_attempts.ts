import { sql, type Kysely } from 'kysely';

/**
 * Security: card attempts the payment provider refused, per enrollment, session and client address (card testing).
 * After a few in a row the key waits, longer after every further refusal (modules/enrollment/payment/card-attempts.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table card_attempts (
      key text primary key,
      declines integer not null,
      last_decline_at timestamptz not null,
      blocked_until timestamptz
    );
    create index card_attempts_last_idx on card_attempts (last_decline_at);
  `.execute(db);
}
