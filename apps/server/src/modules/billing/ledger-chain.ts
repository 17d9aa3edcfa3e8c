import crypto from 'node:crypto';
import type { Db } from './repository.ts';
import { chainRows, unchainedRows } from './ledger-chain-repository.ts';

/**
 * The check of the ledger's hash chain (issue 36, migration 2510), recomputed here from the rows (the database's
 * trigger wrote it): a row changed (its hash no longer matches), removed (a gap in chain_seq, and the next row's
 * prev_hash no longer matches) or added outside the chain is found. The chain's first row follows 64 zeros.
 */
export const LEDGER_GENESIS = '0'.repeat(64);

const field = (v: string | number | null) => (v === null ? '-;' : `${Buffer.byteLength(String(v))}:${v};`);

export interface ChainProblem {
  chain_seq: number | null;
  id: number | null;
  problem: 'changed' | 'missing-before' | 'not-chained';
}

export async function verifyLedgerChain(db: Db, batch = 1000): Promise<{ rows: number; problems: ChainProblem[] }> {
  const problems: ChainProblem[] = [];
  let prev = LEDGER_GENESIS;
  let seq = 0;
  let rows = 0;
  for (;;) {
    const page = await chainRows(db, seq, batch);
    for (const r of page) {
      rows++;
      const at = Number(r.chain_seq);
      if (at !== seq + 1 || r.prev_hash !== prev) problems.push({ chain_seq: at, id: r.id, problem: 'missing-before' });
      const text = [at, r.enrollment_id, r.period, r.kind, r.amount_cents, r.payment_id, r.reason, r.idempotency_key, r.at, r.prev_hash]
        .map((v) => field(v ?? null))
        .join('');
      const hash = crypto.createHash('sha256').update(text, 'utf8').digest('hex');
      if (hash !== r.hash) problems.push({ chain_seq: at, id: r.id, problem: 'changed' });
      prev = r.hash ?? '';
      seq = at;
    }
    if (page.length < batch) break;
  }
  const outside = await unchainedRows(db);
  if (outside > 0) problems.push({ chain_seq: null, id: null, problem: 'not-chained' });
  return { rows: rows + outside, problems };
}
