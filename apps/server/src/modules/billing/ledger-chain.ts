import type { Db } from './repository.ts';
import { chainRows, unchainedRows } from './ledger-chain-repository.ts';
import { LEDGER_GENESIS, ledgerRowHash } from './ledger-hash.ts';

/**
 * The check of the ledger's hash chain (issue 36, migration 2510), recomputed here from the rows (the database's
 * trigger or the billing run's batch wrote it, decision 2740): a row changed (its hash no longer matches), removed (a
 * gap in chain_seq, and the next row's prev_hash no longer matches) or added outside the chain is found.
 */
export { LEDGER_GENESIS };

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
      const hash = ledgerRowHash({ ...r, chain_seq: at, prev_hash: r.prev_hash ?? '' });
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
