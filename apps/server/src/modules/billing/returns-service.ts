import fs from 'node:fs/promises';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { addDaysIso } from '@store/domain/dates';
import type { LedgerEntriesTable } from '../../db/schema.ts';
import { achOutContext } from '../../db/sealed-columns.ts';
import type { Sealer } from '../../lib/crypto.ts';
import { bankDaysAfter } from '@store/domain/bank-days';
import {
  BLOCKING_RETURNS,
  MAX_REPRESENTMENTS,
  MalformedReturnsFile,
  readReturnsFile,
  REPRESENT_AFTER_BUSINESS_DAYS,
  REPRESENT_WITHIN_DAYS,
  RETRIED_RETURNS,
} from './nacha-returns.ts';
import { achSettings, appendLedger, blockMethod, debitsBySequence, inTransaction, updatePayment, type Db } from './repository.ts';

export interface ReturnsFigures {
  /** Files applied: their returned entries, by what followed. */
  applied: { file: string; returned: number; represented: number; blocked: number; failed: number }[];
  /** Files refused whole and moved to returns/rejected/, with why (a malformed line, a trace the store never sent). */
  refused: { file: string; why: string }[];
}

/**
 * Applies the bank's returns files put in ACH_OUT_DIR/returns/ (issue 36). Each file is applied whole in one
 * transaction or not at all: every returned debit is marked returned with its reason and a ledger row, then the Nacha
 * rules decide what follows: R01 and R09 are presented again at most twice within 180 days of the original entry, the
 * first time no sooner than 3 business days later; R02, R03, R04, R07, R10 and R29 never, and they stop every later
 * debit of that account until the payer gives a new one; any other code ends the payment (the grace period runs).
 * A malformed file, or one with a trace number the store never sent, changes nothing and is moved to
 * returns/rejected/ with a note of why. Files are kept sealed after (returns/done/, returns/rejected/).
 */
export async function applyReturnsFiles(deps: { db: Db; sealer: Sealer; outDir: string }, day: string, now: () => Date = () => new Date()) {
  const dir = path.join(deps.outDir, 'returns');
  const figures: ReturnsFigures = { applied: [], refused: [] };
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => !n.startsWith('.') && n.endsWith('.txt')).sort();
  for (const name of names) {
    const file = path.join(dir, name);
    const text = await fs.readFile(file, 'utf8');
    try {
      const applied = await applyOne(deps.db, text, day, now());
      figures.applied.push({ file: name, ...applied });
      await keepSealed(deps.sealer, dir, 'done', name, text);
    } catch (err) {
      if (!(err instanceof MalformedReturnsFile || err instanceof UnknownTrace)) throw err;
      figures.refused.push({ file: name, why: err.message });
      await keepSealed(deps.sealer, dir, 'rejected', name, text);
      await fs.writeFile(path.join(dir, 'rejected', `${name}.error`), `${err.message}\n`, { mode: 0o600 });
    }
    await fs.rm(file);
  }
  return figures;
}

class UnknownTrace extends Error {}

async function applyOne(db: Db, text: string, day: string, at: Date) {
  const entries = readReturnsFile(text);
  return inTransaction(db, async (trx) => {
    const odfi = (await achSettings(trx)).odfi_routing.slice(0, 8);
    const sequences = entries.map((e) => (e.originalTrace.startsWith(odfi) ? Number(e.originalTrace.slice(8)) : -1));
    const debits = new Map((await debitsBySequence(trx, sequences)).map((p) => [p.ach_sequence, p]));
    const unknown = entries.find((e, i) => !debits.has(sequences[i]));
    if (unknown) throw new UnknownTrace(`line ${unknown.line}: trace number ${unknown.originalTrace} was never sent by the store`);
    const counts = { returned: 0, represented: 0, blocked: 0, failed: 0 };
    const ledger: Insertable<LedgerEntriesTable>[] = [];
    for (const [i, e] of entries.entries()) {
      const p = debits.get(sequences[i])!;
      // The same return applied again (a file put back) changes nothing more: its ledger key is taken.
      const key = `${p.idempotency_key}:return:${p.attempts}`;
      if (p.status !== 'submitted') continue;
      counts.returned++;
      ledger.push({
        enrollment_id: p.enrollment_id,
        period: p.period,
        kind: 'return',
        amount_cents: p.amount_cents,
        payment_id: p.id,
        reason: e.code,
        idempotency_key: key,
      });
      const within = day <= addDaysIso(String(p.due_on).slice(0, 10), REPRESENT_WITHIN_DAYS);
      const retry = (RETRIED_RETURNS as readonly string[]).includes(e.code) && p.attempts <= MAX_REPRESENTMENTS && within;
      if (retry) counts.represented++;
      else if ((BLOCKING_RETURNS as readonly string[]).includes(e.code)) {
        counts.blocked++;
        if (p.method_id !== null) await blockMethod(trx, p.method_id, e.code, at);
      } else counts.failed++;
      await updatePayment(trx, p.id, {
        status: retry ? 'pending' : 'returned',
        failure_code: e.code,
        returned_at: at,
        next_try_on: retry ? bankDaysAfter(day, REPRESENT_AFTER_BUSINESS_DAYS) : null,
        updated_at: at,
      });
    }
    await appendLedger(trx, ledger);
    return counts;
  });
}

/** A processed returns file, sealed (it holds account numbers), in returns/<folder>/. */
async function keepSealed(sealer: Sealer, dir: string, folder: 'done' | 'rejected', name: string, text: string) {
  await fs.mkdir(path.join(dir, folder), { recursive: true, mode: 0o700 });
  const target = path.join(dir, folder, name);
  await fs.writeFile(`${target}.part`, sealer.sealBytes(Buffer.from(text, 'utf8'), achOutContext(`returns/${folder}/${name}`)), {
    mode: 0o600,
  });
  await fs.rename(`${target}.part`, target);
}
