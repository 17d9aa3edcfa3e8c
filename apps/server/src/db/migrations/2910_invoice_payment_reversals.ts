import { sql, type Kysely } from 'kysely';

/**
 * Issue 39, a group's payment reversed (decision 2812): a check that bounced or an ACH credit returned is a new row of
 * the invoice's payments, negative, naming the payment it reverses (never an update: the rows stay immutable). A
 * payment is reversed at most once (the unique `reverses_payment_id`), and whole (the amount is the payment's, negated).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table invoice_payments drop constraint if exists invoice_payments_amount_cents_check;
    alter table invoice_payments add column if not exists reverses_payment_id integer unique references invoice_payments(id);
    alter table invoice_payments add column if not exists reason text;
    alter table invoice_payments drop constraint if exists invoice_payments_reversal_sign;
    alter table invoice_payments add constraint invoice_payments_reversal_sign check (
      (reverses_payment_id is null and amount_cents > 0) or (reverses_payment_id is not null and amount_cents < 0)
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table invoice_payments drop constraint if exists invoice_payments_reversal_sign;
    alter table invoice_payments drop column if exists reason;
    alter table invoice_payments drop column if exists reverses_payment_id;
  `.execute(db);
}
