import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, speed: the ledger's hash chain (migration 2510) looked up the chain's last row for every row inserted. The
 * advisory lock the trigger takes is held to the end of the transaction, so no other transaction adds to the chain
 * meanwhile: the tail (last sequence and hash) is kept in a transaction-local setting after the first row and read
 * from there for the next ones (a savepoint rolled back rolls the setting back with its rows). The hash is the same
 * as before; modules/billing/ledger-chain.ts checks it. docs/decisions/2520-one-payment-schedule-and-the-billing-bench.md
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function ledger_entries_chain() returns trigger language plpgsql as $$
    declare
      tail text := current_setting('store.ledger_chain_tail', true);
      last_seq bigint;
      last_hash text;
    begin
      if tail is null or tail = '' then
        perform pg_advisory_xact_lock(hashtext('ledger-chain'));
        select chain_seq, hash into last_seq, last_hash from ledger_entries
          where chain_seq is not null order by chain_seq desc limit 1;
      else
        last_seq := split_part(tail, ':', 1)::bigint;
        last_hash := split_part(tail, ':', 2);
      end if;
      new.chain_seq := coalesce(last_seq, 0) + 1;
      new.prev_hash := coalesce(last_hash, repeat('0', 64));
      new.hash := ledger_row_hash(new.chain_seq, new.enrollment_id, new.period, new.kind, new.amount_cents, new.payment_id,
        new.reason, new.idempotency_key, new.created_at, new.prev_hash);
      perform set_config('store.ledger_chain_tail', new.chain_seq::text || ':' || new.hash, true);
      return new;
    end $$;
  `.execute(db);
}
