import { sql, type Kysely } from 'kysely';

/**
 * Issue 39, list bills: a group paying by list bill (list, elist, stmt) has a bill day and gets one invoice per month
 * (unique per group and month, made by the billing run), its lines (a line per enrollment and month billed: the
 * premium of the month, or an adjustment by the day for an employee added or ended since), and the payments the
 * operator records against it (check or ACH; each also a ledger row). Lines and payments are never changed (a
 * trigger refuses UPDATE and DELETE, like the ledger's). docs/decisions/2570-list-bills.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table groups add column if not exists bill_day integer not null default 1;
    alter table groups drop constraint if exists groups_bill_day_check;
    alter table groups add constraint groups_bill_day_check check (bill_day between 1 and 31);

    create table if not exists invoices (
      id serial primary key,
      group_id integer not null references groups(group_id),
      period text not null check (period ~ '^[0-9]{4}-[0-9]{2}$'),
      issued_on date not null,
      due_on date not null,
      previous_balance_cents integer not null,
      lines_cents integer not null,
      amount_due_cents integer not null,
      mailed_to text,
      created_at timestamptz not null default now(),
      unique (group_id, period)
    );
    create index if not exists invoices_group on invoices (group_id, id);

    create table if not exists invoice_lines (
      id serial primary key,
      invoice_id integer not null references invoices(id),
      enrollment_id text not null references enrollments(id),
      label text not null,
      covers_period text not null,
      kind text not null check (kind in ('premium', 'added', 'ended')),
      days integer not null,
      amount_cents integer not null,
      unique (invoice_id, enrollment_id, covers_period)
    );
    create index if not exists invoice_lines_enrollment on invoice_lines (enrollment_id, covers_period);

    create table if not exists invoice_payments (
      id serial primary key,
      invoice_id integer not null references invoices(id),
      method text not null check (method in ('check', 'ach')),
      amount_cents integer not null check (amount_cents > 0),
      reference text not null,
      received_on date not null,
      recorded_by integer,
      idempotency_key text not null unique,
      created_at timestamptz not null default now()
    );
    create index if not exists invoice_payments_invoice on invoice_payments (invoice_id);

    drop trigger if exists invoice_lines_immutable on invoice_lines;
    create trigger invoice_lines_immutable before update or delete on invoice_lines
      for each row execute function ledger_entries_immutable();
    drop trigger if exists invoice_payments_immutable on invoice_payments;
    create trigger invoice_payments_immutable before update or delete on invoice_payments
      for each row execute function ledger_entries_immutable();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists invoice_payments;
    drop table if exists invoice_lines;
    drop table if exists invoices;
    alter table groups drop constraint if exists groups_bill_day_check;
    alter table groups drop column if exists bill_day;
  `.execute(db);
}
