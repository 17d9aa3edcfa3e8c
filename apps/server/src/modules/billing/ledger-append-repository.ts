import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, LedgerEntriesTable } from '../../db/schema.ts';
import { hashTime, LEDGER_GENESIS, ledgerRowHash } from './ledger-hash.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per multi-row statement (one parameter per statement: the rows travel as one JSON document). */
export const STATEMENT_ROWS = 5000;

/** The advisory lock every writer of the ledger holds to the end of its transaction (migration 2510's trigger takes the same). */
const chainLock = (trx: Db) => sql`select pg_advisory_xact_lock(hashtext('ledger-chain'))`.execute(trx);

/**
 * Takes the chain's lock now, for a transaction that will add to the ledger and must not run beside another doing the
 * same (the day's NACHA file, bank-service.ts). Taken first, before any row lock, as every other writer takes it.
 */
export const lockLedgerChain = (trx: Transaction<Database>) => chainLock(trx).then(() => undefined);

/**
 * Adds ledger rows, chained here a batch at a time (decision 2740): under the chain's lock, the chain's tail and the
 * keys already in the ledger are read in one query, the new rows get their place, previous hash and hash in Node
 * (ledger-hash.ts, the database's text), and go in with one statement. The database's statement trigger (migration
 * 2840) refuses a statement whose rows do not continue the chain or whose hash is not their fields'. A row whose
 * idempotency key is already there is not added again (nor twice from one call). Returns how many were added.
 */
export async function appendLedger(db: Db, rows: Insertable<LedgerEntriesTable>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const run = async (trx: Db) => {
    await chainLock(trx);
    let added = 0;
    for (let i = 0; i < rows.length; i += STATEMENT_ROWS) added += await appendChunk(trx, rows.slice(i, i + STATEMENT_ROWS));
    return added;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

async function appendChunk(trx: Db, chunk: Insertable<LedgerEntriesTable>[]): Promise<number> {
  const keys = JSON.stringify([...new Set(chunk.map((r) => r.idempotency_key))]);
  const state = (
    await sql<{ seq: string | null; hash: string | null; now: string; existing: string[] | null }>`
      select t.chain_seq::text as seq, t.hash, to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now,
             (select array_agg(l.idempotency_key) from ledger_entries l
               where l.idempotency_key in (select jsonb_array_elements_text(${keys}::jsonb))) as existing
      from (select 1) one
      left join lateral (select chain_seq, hash from ledger_entries where chain_seq is not null
                         order by chain_seq desc limit 1) t on true`.execute(trx)
  ).rows[0];
  const seen = new Set(state.existing ?? []);
  let seq = Number(state.seq ?? 0);
  let prev = state.hash ?? LEDGER_GENESIS;
  const out = [];
  for (const r of chunk) {
    if (seen.has(r.idempotency_key)) continue;
    seen.add(r.idempotency_key);
    const at = r.created_at === undefined ? state.now : hashTime(new Date(r.created_at as string | Date));
    const row = {
      enrollment_id: r.enrollment_id ?? null,
      period: r.period,
      kind: r.kind,
      amount_cents: r.amount_cents,
      payment_id: r.payment_id ?? null,
      reason: r.reason ?? null,
      idempotency_key: r.idempotency_key,
      at,
      chain_seq: ++seq,
      prev_hash: prev,
    };
    prev = ledgerRowHash(row);
    out.push({ ...row, hash: prev });
  }
  if (out.length === 0) return 0;
  await sql`
    insert into ledger_entries (enrollment_id, period, kind, amount_cents, payment_id, reason, idempotency_key, created_at,
                                chain_seq, prev_hash, hash)
    select v.enrollment_id, v.period, v.kind, v.amount_cents, v.payment_id, v.reason, v.idempotency_key, v.at, v.chain_seq,
           v.prev_hash, v.hash
    from jsonb_to_recordset(${JSON.stringify(out)}::jsonb) as v(enrollment_id text, period text, kind text, amount_cents int,
      payment_id int, reason text, idempotency_key text, at timestamptz, chain_seq bigint, prev_hash text, hash text)
    order by v.chain_seq`.execute(trx);
  return out.length;
}
