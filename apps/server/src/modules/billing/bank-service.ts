import fs from 'node:fs/promises';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { nextBankDay } from '@store/domain/bank-days';
import { addDaysIso, US_TIME_ZONE } from '@store/domain/dates';
import type { LedgerEntriesTable } from '../../db/schema.ts';
import { achFileContext, achOutContext, paymentContext } from '../../db/sealed-columns.ts';
import type { Sealer } from '../../lib/crypto.ts';
import { writeNachaFile, type NachaDebit } from './nacha-file.ts';
import {
  achSettings,
  appendLedger,
  claimDueBankPayments,
  inTransaction,
  lockLedgerChain,
  paymentSources,
  updatePayment,
  type Db,
} from './repository.ts';
import { achFilesMadeOn, insertAchFile, markDebited, nextTraceSequences, setAchFileContent } from './ach-file-repository.ts';

/** Bank payments put in one day's file at most (a larger day makes a second file, modifier B, on the next run). */
export const BANK_FILE_LIMIT = 50_000;

export interface BankFigures {
  file: { id: number; name: string; entries: number; total_cents: number } | null;
  /** Payments whose member now pays by card: moved to the card step. */
  moved_to_card: number;
}

/**
 * The next bank day after `day` (weekends and the Federal Reserve's holidays skipped, packages/domain bank-days.ts):
 * the debits' effective entry date.
 */
export const nextBusinessDay = nextBankDay;

/** hh:mm in US Eastern time. */
const easternTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: US_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/**
 * The billing run's bank step for a day: every EFT payment due and not yet debited goes into one NACHA file of WEB
 * debits, in one transaction: the payments claimed (under the ledger chain's lock: a second process waits, then finds
 * none), their trace numbers
 * taken, the file's text sealed in ach_files, the payments marked debited and their ledger rows written. The file's
 * sealed copy is then written atomically to ACH_OUT_DIR (temporary name, flushed, renamed), where the bank's delivery
 * takes it; the row stays the record when the copy cannot be written.
 */
export async function collectBankPayments(
  deps: { db: Db; sealer: Sealer; outDir: string },
  day: string,
  opts: { now?: () => Date; limit?: number } = {},
): Promise<BankFigures> {
  const now = opts.now ?? (() => new Date());
  const figures: BankFigures = { file: null, moved_to_card: 0 };
  const made = await inTransaction(deps.db, async (trx) => {
    // One process makes the day's file at a time: two claiming at the same moment split the day's debits between them
    // (SKIP LOCKED), and each wrote a file. The second waits here, then finds the debits sent (decision 2930).
    await lockLedgerChain(trx);
    const list = await claimDueBankPayments(trx, day, opts.limit ?? BANK_FILE_LIMIT);
    if (list.length === 0) return null;
    const sources = await paymentSources(
      trx,
      list.map((p) => p.enrollment_id),
    );
    const debits: (NachaDebit & { paymentId: number; methodId: number })[] = [];
    const ledger: Insertable<LedgerEntriesTable>[] = [];
    const sequences = await nextTraceSequences(trx, list.length);
    for (const [i, p] of list.entries()) {
      const source = sources.get(p.enrollment_id);
      if (source?.kind === 'bank' && source.blocked) {
        // A return stopped this account: no debit until the payer gives a new method (the grace period runs).
        await updatePayment(trx, p.id, { status: 'failed', failure_code: 'account_blocked', next_try_on: null, updated_at: now() });
        ledger.push({
          enrollment_id: p.enrollment_id,
          period: p.period,
          kind: 'decline',
          amount_cents: p.amount_cents,
          payment_id: p.id,
          reason: 'account_blocked',
          idempotency_key: `${p.idempotency_key}:decline:blocked`,
        });
        continue;
      }
      if (source?.kind !== 'bank') {
        // The member pays by card now (or has no method: the card step records the failure).
        await updatePayment(trx, p.id, { method: 'cc', next_try_on: day, updated_at: now() });
        figures.moved_to_card++;
        continue;
      }
      debits.push({
        paymentId: p.id,
        methodId: source.method_id,
        routing: deps.sealer.open(source.routing_number_enc, paymentContext(source.method_id, 'routing_number_enc')),
        account: deps.sealer.open(source.account_number_enc, paymentContext(source.method_id, 'account_number_enc')),
        accountType: source.account_type === 'savings' ? 'savings' : 'checking',
        amountCents: p.amount_cents,
        individualId: p.enrollment_id.replace(/-/g, '').slice(0, 15),
        name: source.account_name ?? 'Member',
        sequence: sequences[i],
        recurring: p.payment_index > 0,
      });
      ledger.push({
        enrollment_id: p.enrollment_id,
        period: p.period,
        kind: 'payment',
        amount_cents: p.amount_cents,
        payment_id: p.id,
        reason: null,
        // A debit presented again after a return (R01, R09) is a new payment row: one per presentment.
        idempotency_key: `${p.idempotency_key}:payment:${p.attempts + 1}`,
      });
    }
    if (debits.length === 0) return null;
    const settings = await achSettings(trx);
    const modifier = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[await achFilesMadeOn(trx, day)] ?? 'Z';
    const at = now();
    const text = await writeNachaFile({
      settings: {
        odfiRouting: settings.odfi_routing,
        odfiName: settings.odfi_name,
        companyName: settings.company_name,
        companyId: settings.company_id,
      },
      createdOn: day,
      createdAt: easternTime(at),
      fileIdModifier: modifier,
      effectiveOn: nextBusinessDay(day),
      debits,
    });
    const total = debits.reduce((a, d) => a + d.amountCents, 0);
    const name = `ach-${day}-${modifier}.txt`;
    const id = await insertAchFile(trx, {
      file_name: name,
      created_on: day,
      effective_on: nextBusinessDay(day),
      entry_count: debits.length,
      total_cents: total,
      content_enc: null,
      keep_until: addDaysIso(day, settings.retention_days),
    });
    await setAchFileContent(trx, id, deps.sealer.seal(text, achFileContext(id)));
    await markDebited(
      trx,
      id,
      debits.map((d) => ({ id: d.paymentId, sequence: d.sequence, methodId: d.methodId })),
      at,
    );
    await appendLedger(trx, ledger);
    return { id, name, text, entries: debits.length, total_cents: total };
  });
  if (made) {
    figures.file = { id: made.id, name: made.name, entries: made.entries, total_cents: made.total_cents };
    await writeSealedCopy(deps, made.name, made.text);
  }
  return figures;
}

/** The file's sealed copy in ACH_OUT_DIR, bound to its name, written atomically. */
async function writeSealedCopy(deps: { sealer: Sealer; outDir: string }, name: string, text: string) {
  await fs.mkdir(deps.outDir, { recursive: true, mode: 0o700 });
  const temp = path.join(deps.outDir, `.${name}.part`);
  const handle = await fs.open(temp, 'w', 0o600);
  try {
    await handle.writeFile(deps.sealer.sealBytes(Buffer.from(text, 'utf8'), achOutContext(name)));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, path.join(deps.outDir, name));
}
