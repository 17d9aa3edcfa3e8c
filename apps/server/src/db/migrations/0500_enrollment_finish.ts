import { sql, type Kysely } from 'kysely';

/**
 * Payment methods kept for members (the 'existing bank and card' of the billing step): bank numbers sealed,
 * cards only as brand, last four, expiry and the provider's token.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table member_payment_methods (
      id serial primary key,
      user_id integer not null,
      kind text not null check (kind in ('bank','card')),
      account_name text,
      bank_name text,
      account_number_enc text,
      account_last4 text,
      routing_number_enc text,
      routing_last4 text,
      account_type text,
      account_holder_type text,
      card_brand text,
      card_last4 text,
      card_token text,
      expiration_month text,
      expiration_year text,
      name_on_cc text,
      created_at timestamptz not null default now()
    );
    create index member_payment_methods_user_idx on member_payment_methods(user_id);
  `.execute(db);
}
