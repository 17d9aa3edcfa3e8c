import { premiumKey, scheduledPayment, type PaymentSchedule } from '@store/domain/billing-schedule';
import type { Insertable, Transaction } from 'kysely';
import type { Database, PremiumPaymentsTable } from '../../db/schema.ts';
import { analyzePayments, billableEnrollments, inTransaction, insertDuePayments, type BillableEnrollment, type Db } from './repository.ts';
import { claimDueChunk, countBillable, tryClaimDueChunk } from './due-chunk-repository.ts';
import { renewalSteps, type RenewalStep } from './renewal-repository.ts';

/** Enrollments read per page by the billing run (its memory holds one page, whatever the number of enrollments). */
export const BILLING_PAGE = 1000;

/** Payments added by one run past which the planner's figures of the table are refreshed (decision 2740). */
export const ANALYZE_AFTER = 5000;

/** The idempotency key of a payment (packages/domain: the completion's first payment uses the same). */
export { premiumKey };

/**
 * The recurring payments of one enrollment due on or before `day` that it has no row for yet. A period that begins on
 * or after a renewal date is billed at the renewal's price (`steps`, decision 2560): the rate of the period it bills.
 */
export function duePaymentsOf(e: BillableEnrollment, day: string, steps: readonly RenewalStep[] = []): Insertable<PremiumPaymentsTable>[] {
  const schedule: PaymentSchedule = {
    first_charge_on: e.first_charge_on,
    starts_on: e.starts_on,
    recurring_from: e.recurring_from,
    bill_day: e.bill_day,
  };
  const out: Insertable<PremiumPaymentsTable>[] = [];
  for (let i = Math.max(1, (e.last_index ?? 0) + 1); ; i++) {
    const p = scheduledPayment(schedule, i);
    if (p.due_on > day) break;
    out.push({
      enrollment_id: e.enrollment_id,
      period: p.period,
      payment_index: p.index,
      due_on: p.due_on,
      amount_cents: Math.max(0, e.recurring_cents + steps.reduce((a, s) => a + (s.from <= p.covers_from ? s.cents : 0), 0)),
      method: e.payment_method,
      idempotency_key: premiumKey(e.enrollment_id, p.period, p.index),
    });
  }
  return out;
}

/** The most chunks the due step cuts a day into (their bounds are the first four characters of an id). */
export const MAX_DUE_CHUNKS = 4096;

/**
 * How many chunks the due step cuts a day of `count` billable enrollments into (decision 2930): a power of two, about
 * one page of enrollments each, so a chunk's transaction is one page and holds the ledger chain's lock briefly. Two
 * processes that count differently (enrollments added meanwhile) take locks of different names: each still adds or
 * waits for every chunk it cut, the unique keys still decide.
 */
export function dueChunkCount(count: number, page = BILLING_PAGE): number {
  let n = 1;
  while (n * page < count && n < MAX_DUE_CHUNKS) n *= 2;
  return n;
}

/**
 * Chunk `i` of `n`: the ids after `after` up to `upTo` (inclusive; null: to the end), cut by their first four characters
 * (hex for the store's UUIDs, so even). Together the chunks hold every id once, whatever the ids are.
 */
export function dueChunk(i: number, n: number): { after: string; upTo: string | null } {
  const bound = (k: number) =>
    k === 0
      ? ''
      : Math.floor((k * 65536) / n)
          .toString(16)
          .padStart(4, '0');
  return { after: bound(i), upTo: i === n - 1 ? null : bound(i + 1) };
}

type DueFigures = { enrollments: number; added: number };

/**
 * The billing run's first step for a day: one payment row per billable enrollment and period due on or before the day,
 * page by page, a chunk of enrollments per transaction (`dueChunk`: ranges of id, about a page each) (a catch-up after downtime adds each missed period once; a day
 * run twice, or by two processes, adds nothing the second time: the database's unique keys decide, not this code).
 * Each chunk is claimed (an advisory lock, skipped when another process holds it); the chunks skipped are then waited
 * for and read again, so the step never ends before every chunk's payments are in (the bank step then finds the whole
 * day's debits) and a process that failed mid-chunk leaves nothing behind. Inside a caller's transaction (the daily
 * job, which holds the ledger chain's lock) a held chunk is not waited for: it is left to its holder.
 */
export async function createDuePayments(db: Db, day: string, page = BILLING_PAGE): Promise<DueFigures> {
  const figures: DueFigures = { enrollments: 0, added: 0 };
  const n = dueChunkCount(await countBillable(db), page);
  const skipped: number[] = [];
  for (let c = 0; c < n; c++) {
    const mine = await inTransaction(db, async (trx) => {
      if (!(await tryClaimDueChunk(trx, day, n, c))) return false;
      await addChunk(trx, day, dueChunk(c, n), page, figures);
      return true;
    });
    if (!mine) skipped.push(c);
  }
  for (const c of skipped)
    await inTransaction(db, async (trx) => {
      if (db.isTransaction) {
        if (!(await tryClaimDueChunk(trx, day, n, c))) return;
      } else await claimDueChunk(trx, day, n, c);
      await addChunk(trx, day, dueChunk(c, n), page, figures);
    });
  // Many payments added: the planner learns it before the claims read them (repository.ts).
  if (figures.added >= ANALYZE_AFTER) await analyzePayments(db);
  return figures;
}

/** The payments due of one chunk's enrollments, a page at a time, in the chunk's transaction. */
async function addChunk(
  trx: Transaction<Database>,
  day: string,
  chunk: { after: string; upTo: string | null },
  page: number,
  figures: DueFigures,
) {
  const { upTo } = chunk;
  let after = chunk.after;
  for (;;) {
    const list = await billableEnrollments(trx, after, page, upTo);
    if (list.length === 0) return;
    figures.enrollments += list.length;
    const steps = await renewalSteps(
      trx,
      list.map((e) => e.enrollment_id),
    );
    const rows = list.flatMap((e) => duePaymentsOf(e, day, steps.get(e.enrollment_id)));
    figures.added += await insertDuePayments(trx, rows);
    if (list.length < page) return;
    after = list[list.length - 1].enrollment_id;
  }
}
