import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, speed: the billing run claims the payments that wait for a try in id order, a batch at a time
 * (`for update skip locked`). Without an index in that order each claim sorted every waiting payment of the day (a
 * day of 100,000 payments claimed 25 at a time sorted 100,000 rows 4,000 times). This partial index holds only the
 * waiting ones, in claim order: a claim reads its batch and stops. docs/decisions/2520-one-payment-schedule-and-the-billing-bench.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index if not exists premium_payments_waiting on premium_payments (method, id)
      where status in ('pending', 'declined', 'unknown');
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists premium_payments_waiting`.execute(db);
}
