import { sql, type Kysely } from 'kysely';

/**
 * Issue 19 (docs/decisions/1000-money-path.md): what will be charged, kept at completion from the same function that
 * every screen, the receipt PDF and the mails show (packages/domain charges.ts): the lines, the first payment and its
 * date, the monthly amount, its day and first date, and the payment method as shown (masked).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists billing_records (
      enrollment_id text primary key references enrollments(id) on delete cascade,
      payment_method text not null,
      payment_label text not null,
      lines jsonb not null,
      admin_fee_cents integer not null,
      initial_cents integer not null,
      recurring_cents integer not null,
      bill_day integer not null,
      first_charge_on date not null,
      starts_on date not null,
      recurring_from date not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}
