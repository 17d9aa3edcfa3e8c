import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, Stripe's webhooks (decision 2670): each event the store acted on, by its id, so that an event sent again
 * (Stripe retries for three days; an attacker may replay a signed body within the signature's 5 minutes) changes
 * nothing: the row is inserted in the transaction that applies the event, and the primary key refuses a second.
 * Rows older than 30 days are deleted by the billing day (Stripe sends no event again after three).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists payment_webhook_events (
      provider text not null,
      event_id text not null,
      type text not null,
      outcome text not null,
      received_at timestamptz not null default now(),
      primary key (provider, event_id)
    );
    create index if not exists payment_webhook_events_received on payment_webhook_events (received_at);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists payment_webhook_events`.execute(db);
}
