import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, 3-D Secure at the first payment (decision 2821): the completion's first charge that the card's bank sent
 * back to its holder (Stripe: a PaymentIntent `authentication_required`). The completion itself is rolled back; this row,
 * written after, is what the store keeps of it: the enrollment, the payment's idempotency key and the processor's
 * charge, so that the shopper can be handed its confirmation and the completion sent again finds it paid. One row per
 * enrollment (the latest charge waiting).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists first_payment_authentications (
      enrollment_id text primary key references enrollments(id),
      idempotency_key text not null,
      charge_id text not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists first_payment_authentications`.execute(db);
}
