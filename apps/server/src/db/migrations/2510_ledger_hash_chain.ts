import { sql, type Kysely } from 'kysely';

/**
 * Issue 36: the ledger under a hash chain, as the audit trail's (issue 22). Every row of `ledger_entries` gets, as it is
 * inserted, its place in one chain (`chain_seq`), the hash of the row before it (`prev_hash`) and its own (`hash`):
 * SHA-256 over its fields, each written as `<bytes>:<text>;` (`-;` for none), the time in UTC with microseconds. A
 * trigger makes them, so every writer (set-based inserts of the billing run, refunds) is covered; an advisory lock
 * held to the end of the inserting transaction orders the chain across processes. Rows already there are chained in
 * id order here (the immutability trigger is set aside for that one update). modules/billing/ledger-chain.ts checks it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table ledger_entries add column if not exists chain_seq bigint;
    alter table ledger_entries add column if not exists prev_hash text;
    alter table ledger_entries add column if not exists hash text;
    create unique index if not exists ledger_entries_chain on ledger_entries (chain_seq);

    create or replace function ledger_field(v text) returns text language sql immutable as $$
      select case when v is null then '-;' else octet_length(v)::text || ':' || v || ';' end
    $$;
    create or replace function ledger_row_hash(
      seq bigint, enrollment_id text, period text, kind text, amount integer, payment_id integer, reason text,
      idempotency_key text, created_at timestamptz, prev text
    ) returns text language sql stable as $$
      select encode(sha256(convert_to(
        ledger_field(seq::text) || ledger_field(enrollment_id) || ledger_field(period) || ledger_field(kind) ||
        ledger_field(amount::text) || ledger_field(payment_id::text) || ledger_field(reason) || ledger_field(idempotency_key) ||
        ledger_field(to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) || ledger_field(prev),
        'UTF8')), 'hex')
    $$;

    create or replace function ledger_entries_chain() returns trigger language plpgsql as $$
    declare
      last_seq bigint;
      last_hash text;
    begin
      perform pg_advisory_xact_lock(hashtext('ledger-chain'));
      select chain_seq, hash into last_seq, last_hash from ledger_entries
        where chain_seq is not null order by chain_seq desc limit 1;
      new.chain_seq := coalesce(last_seq, 0) + 1;
      new.prev_hash := coalesce(last_hash, repeat('0', 64));
      new.hash := ledger_row_hash(new.chain_seq, new.enrollment_id, new.period, new.kind, new.amount_cents, new.payment_id,
        new.reason, new.idempotency_key, new.created_at, new.prev_hash);
      return new;
    end $$;
    drop trigger if exists ledger_entries_chain on ledger_entries;
    create trigger ledger_entries_chain before insert on ledger_entries for each row execute function ledger_entries_chain();

    alter table ledger_entries disable trigger ledger_entries_immutable;
    do $$
    declare
      r record;
      seq bigint := coalesce((select max(chain_seq) from ledger_entries), 0);
      prev text := coalesce((select hash from ledger_entries where chain_seq = (select max(chain_seq) from ledger_entries)), repeat('0', 64));
    begin
      for r in select * from ledger_entries where chain_seq is null order by id loop
        seq := seq + 1;
        update ledger_entries set chain_seq = seq, prev_hash = prev,
          hash = ledger_row_hash(seq, r.enrollment_id, r.period, r.kind, r.amount_cents, r.payment_id, r.reason,
            r.idempotency_key, r.created_at, prev)
          where id = r.id
          returning hash into prev;
      end loop;
    end $$;
    alter table ledger_entries enable trigger ledger_entries_immutable;
  `.execute(db);
}
