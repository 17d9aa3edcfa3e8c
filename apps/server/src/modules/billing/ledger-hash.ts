import crypto from 'node:crypto';

/**
 * The ledger's hash chain (issue 36, migration 2510) in Node: SHA-256 over a row's fields, each written as
 * `<bytes>:<text>;` (`-;` for none), the time in UTC with microseconds, the previous row's hash last. The same text as
 * the database's `ledger_row_hash`, so the billing run can chain a batch of rows here (decision 2740) and the verifier
 * (ledger-chain.ts) checks any row whoever chained it. The chain's first row follows 64 zeros.
 */
export const LEDGER_GENESIS = '0'.repeat(64);

/** The fields a ledger row's hash covers, in their order. */
export interface HashedLedgerRow {
  chain_seq: number;
  enrollment_id: string | null;
  period: string;
  kind: string;
  amount_cents: number;
  payment_id: number | null;
  reason: string | null;
  idempotency_key: string;
  /** created_at as `YYYY-MM-DDTHH:MM:SS.ffffffZ` (UTC, microseconds). */
  at: string;
  prev_hash: string;
}

const field = (v: string | number | null) => (v === null ? '-;' : `${Buffer.byteLength(String(v))}:${v};`);

export function ledgerRowHash(r: HashedLedgerRow): string {
  const text = [
    r.chain_seq,
    r.enrollment_id,
    r.period,
    r.kind,
    r.amount_cents,
    r.payment_id,
    r.reason,
    r.idempotency_key,
    r.at,
    r.prev_hash,
  ]
    .map((v) => field(v ?? null))
    .join('');
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A time as the hash writes it: UTC with six digits of seconds' fraction (a Date has milliseconds: three zeros added). */
export const hashTime = (d: Date) => d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
