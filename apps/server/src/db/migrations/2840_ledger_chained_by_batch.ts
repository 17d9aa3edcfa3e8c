import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, speed: the ledger's hash chain (migration 2510) was computed by a row trigger, in SQL, for every row: the
 * largest cost of a billing day of 100,000 enrollments. The billing run now chains its rows a batch at a time in Node
 * under the same advisory lock (modules/billing/ledger-append-repository.ts) and writes them with their chain_seq,
 * prev_hash and hash; the row trigger computes them only for a row that comes without (every other writer, as
 * before). Whoever chained them, a statement's rows are checked once per statement, set-based, by an AFTER trigger over
 * its transition table: each row's hash is its fields' (ledger_row_hash), and its prev_hash is the hash of the row
 * before it in the chain (64 zeros for the first); otherwise the statement fails. The trigger also keeps the chain's
 * tail in the transaction-local setting the row trigger reads (migration 2621). docs/decisions/2740-the-billing-run-set-based.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists ledger_entries_chain on ledger_entries;
    create trigger ledger_entries_chain before insert on ledger_entries
      for each row when (new.hash is null) execute function ledger_entries_chain();

    create or replace function ledger_entries_chained() returns trigger language plpgsql as $$
    declare
      bad bigint;
      last_seq bigint;
      last_hash text;
    begin
      -- Within the statement, each row follows the one before it (a window over the statement's rows, no join with
      -- the whole ledger); its first row follows the chain's row before it (one look-up by the unique chain_seq).
      select a.chain_seq into bad from (
        select x.*, lag(x.chain_seq) over w as before_seq, lag(x.hash) over w as before_hash,
               row_number() over w as n
        from added x window w as (order by x.chain_seq)
      ) a
      where a.chain_seq is null or a.hash is null
         or (a.n > 1 and (a.chain_seq <> a.before_seq + 1 or a.prev_hash is distinct from a.before_hash))
         or (a.n = 1 and a.prev_hash is distinct from
               (case when a.chain_seq = 1 then repeat('0', 64)
                     else (select p.hash from ledger_entries p where p.chain_seq = a.chain_seq - 1) end))
         or a.hash <> ledger_row_hash(a.chain_seq, a.enrollment_id, a.period, a.kind, a.amount_cents, a.payment_id,
                                      a.reason, a.idempotency_key, a.created_at, a.prev_hash)
      limit 1;
      if found then
        raise exception 'ledger row % does not continue the hash chain', coalesce(bad::text, '(none)');
      end if;
      select chain_seq, hash into last_seq, last_hash from added order by chain_seq desc limit 1;
      if found then
        perform set_config('store.ledger_chain_tail', last_seq::text || ':' || last_hash, true);
      end if;
      return null;
    end $$;
    drop trigger if exists ledger_entries_chained on ledger_entries;
    create trigger ledger_entries_chained after insert on ledger_entries
      referencing new table as added for each statement execute function ledger_entries_chained();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists ledger_entries_chained on ledger_entries;
    drop function if exists ledger_entries_chained();
    drop trigger if exists ledger_entries_chain on ledger_entries;
    create trigger ledger_entries_chain before insert on ledger_entries for each row execute function ledger_entries_chain();
  `.execute(db);
}
