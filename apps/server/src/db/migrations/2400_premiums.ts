import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, premiums collected: one row per enrollment and billing period in `premium_payments` (the charge or debit
 * that collects it, its idempotency key, its tries and outcome), and `ledger_entries`, the money that moved, in cents,
 * never changed (a trigger refuses UPDATE and DELETE: a correction is a new row). The unique keys are what make a
 * billing run exactly once, however many times a day is run and however many processes run it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists premium_payments (
      id serial primary key,
      enrollment_id text not null references enrollments(id),
      period text not null check (period ~ '^[0-9]{4}-[0-9]{2}$'),
      payment_index integer not null check (payment_index >= 0),
      due_on date not null,
      amount_cents integer not null check (amount_cents > 0),
      method text not null check (method in ('cc', 'eft')),
      idempotency_key text not null unique,
      status text not null default 'pending'
        check (status in ('pending', 'unknown', 'succeeded', 'declined', 'submitted', 'returned', 'failed', 'void')),
      attempts integer not null default 0,
      next_try_on date,
      provider_charge_id text,
      failure_code text,
      ach_sequence integer unique,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (enrollment_id, period)
    );
    create index if not exists premium_payments_due on premium_payments (status, next_try_on);

    create table if not exists ledger_entries (
      id serial primary key,
      enrollment_id text references enrollments(id),
      period text not null,
      kind text not null check (kind in ('charge', 'payment', 'decline', 'return', 'refund', 'adjustment')),
      amount_cents integer not null,
      payment_id integer references premium_payments(id),
      reason text,
      idempotency_key text not null unique,
      created_at timestamptz not null default now()
    );
    create index if not exists ledger_entries_enrollment on ledger_entries (enrollment_id, id);
    create index if not exists ledger_entries_day on ledger_entries (created_at);

    create or replace function ledger_entries_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger rows are never changed: add a correcting row';
    end $$;
    drop trigger if exists ledger_entries_immutable on ledger_entries;
    create trigger ledger_entries_immutable before update or delete on ledger_entries
      for each row execute function ledger_entries_immutable();
  `.execute(db);
}
