import { sql, type Kysely } from 'kysely';

/**
 * Issue 39, commissions: reps gain an agency, an upline and the override they earn on their downline's business;
 * commission schedules per carrier (plan_id null: the carrier's default) and plan; the charge-back setting; a
 * statement per rep and month (unique: made exactly once) and its rows, never changed (a trigger refuses UPDATE and
 * DELETE, like the ledger's: a correction is a new row). docs/decisions/2620-commissions.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table agents add column if not exists agency text not null default '';
    alter table agents add column if not exists upline_agent_id integer references agents(agent_id);
    alter table agents add column if not exists override_bp integer not null default 0;
    alter table agents drop constraint if exists agents_override_bp_check;
    alter table agents add constraint agents_override_bp_check check (override_bp between 0 and 10000);
    alter table agents drop constraint if exists agents_upline_not_self;
    alter table agents add constraint agents_upline_not_self check (upline_agent_id is null or upline_agent_id <> agent_id);

    create table if not exists commission_settings (
      id integer primary key check (id = 1),
      chargeback_months integer not null default 6 check (chargeback_months between 0 and 24),
      updated_at timestamptz not null default now()
    );
    insert into commission_settings (id) values (1) on conflict (id) do nothing;

    create table if not exists commission_schedules (
      id serial primary key,
      carrier_id integer not null references carriers(id),
      plan_id integer references plans(plan_id),
      first_year_bp integer not null check (first_year_bp between 0 and 10000),
      renewal_bp integer not null check (renewal_bp between 0 and 10000),
      flat_cents integer not null default 0 check (flat_cents between 0 and 1000000),
      updated_at timestamptz not null default now()
    );
    create unique index if not exists commission_schedules_one on commission_schedules (carrier_id, coalesce(plan_id, 0));

    create table if not exists commission_statements (
      id serial primary key,
      agent_id integer not null references agents(agent_id),
      month text not null check (month ~ '^[0-9]{4}-[0-9]{2}$'),
      issued_on date not null,
      total_cents integer not null,
      row_count integer not null,
      created_at timestamptz not null default now(),
      unique (agent_id, month)
    );

    create table if not exists commission_entries (
      id serial primary key,
      statement_id integer not null references commission_statements(id),
      agent_id integer not null references agents(agent_id),
      kind text not null check (kind in ('first_year', 'renewal', 'flat', 'override', 'refund_chargeback', 'early_end_chargeback')),
      enrollment_id text not null references enrollments(id),
      plan_id integer not null,
      ledger_entry_id integer references ledger_entries(id),
      writing_agent_id integer not null,
      period text not null,
      basis_cents integer not null,
      rate_bp integer,
      amount_cents integer not null,
      idempotency_key text not null unique,
      reverses_key text,
      created_at timestamptz not null default now()
    );
    create index if not exists commission_entries_statement on commission_entries (statement_id, id);
    create index if not exists commission_entries_agent_ledger on commission_entries (agent_id, ledger_entry_id);
    create index if not exists commission_entries_agent_enrollment on commission_entries (agent_id, enrollment_id);

    drop trigger if exists commission_entries_immutable on commission_entries;
    create trigger commission_entries_immutable before update or delete on commission_entries
      for each row execute function ledger_entries_immutable();
    drop trigger if exists commission_statements_immutable on commission_statements;
    create trigger commission_statements_immutable before update or delete on commission_statements
      for each row execute function ledger_entries_immutable();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists commission_entries;
    drop table if exists commission_statements;
    drop table if exists commission_schedules;
    drop table if exists commission_settings;
    alter table agents drop constraint if exists agents_upline_not_self;
    alter table agents drop constraint if exists agents_override_bp_check;
    alter table agents drop column if exists override_bp;
    alter table agents drop column if exists upline_agent_id;
    alter table agents drop column if exists agency;
  `.execute(db);
}
