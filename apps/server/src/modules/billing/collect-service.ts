import type { Insertable } from 'kysely';
import { CARD_RETRY_DAYS } from '@store/domain/billing-schedule';
import { addDaysIso } from '@store/domain/dates';
import type { LedgerEntriesTable } from '../../db/schema.ts';
import type { ChargeResult, PaymentProvider } from '../enrollment/index.ts';
import {
  appendLedger,
  claimDueCardPayments,
  inTransaction,
  paymentSources,
  type Db,
  type PaymentSource,
  type PremiumPayment,
} from './repository.ts';
import { updatePayments, type PaymentOutcome } from './collect-repository.ts';
import { withTimeout } from '../../lib/timeout.ts';

/**
 * Card payments claimed and charged per transaction (each holds its rows' locks while the provider answers; another
 * process skips them). Their outcomes are written in one statement per batch, their ledger rows in another.
 */
export const CARD_BATCH = 250;
/** Charges of a batch sent to the provider at once (decision 2740). */
export const CHARGE_CONCURRENCY = 5;
/** How long a charge may take before it is left "unknown" (settled by the same key on the next run). */
export const CHARGE_TIMEOUT_MS = 20_000;

export interface CollectFigures {
  tried: number;
  succeeded: number;
  declined: number;
  /** Ended without payment after the last retry: the grace period decides what follows. */
  failed: number;
  /** The provider did not answer in time: tried again with the same key on the next run. */
  unknown: number;
  /** The member's method is now a bank account: the payment moved to the day's NACHA file. */
  moved_to_bank: number;
}

type Outcome = ChargeResult | { status: 'unknown' };

/**
 * The billing run's card step for a day: every card payment due (or due for a retry) is charged through the provider
 * with its idempotency key, a batch per transaction, claimed with SKIP LOCKED so that two processes running the same
 * day share the work and never charge a payment twice (the provider's key makes a retry after a crash answer the first
 * charge). A decline is tried again on days 3, 5 and 7 after the due date (never twice in one run); after the last
 * try the payment has failed and the grace period runs. Every outcome is a ledger row, written with the payment's change.
 */
export async function collectCardPayments(
  db: Db,
  provider: Pick<PaymentProvider, 'charge'>,
  day: string,
  opts: { batch?: number; timeoutMs?: number; now?: () => Date } = {},
): Promise<CollectFigures> {
  const figures: CollectFigures = { tried: 0, succeeded: 0, declined: 0, failed: 0, unknown: 0, moved_to_bank: 0 };
  const now = opts.now ?? (() => new Date());
  // The run's cursor: each claim starts after the last payment claimed. Once it reaches the end, one pass from the
  // start picks up what another process had locked and left (its transaction rolled back); it ends when a pass from
  // the start finds nothing. No payment is tried twice in a run: a try leaves it waiting for a later day, or done.
  let after = 0;
  for (;;) {
    const claimed = await inTransaction(db, async (trx) => {
      const list = await claimDueCardPayments(trx, day, opts.batch ?? CARD_BATCH, after);
      if (list.length === 0) return 0;
      after = list[list.length - 1].id;
      const sources = await paymentSources(
        trx,
        list.map((p) => p.enrollment_id),
      );
      const ledger: Insertable<LedgerEntriesTable>[] = [];
      const updates: PaymentOutcome[] = [];
      const outcomes = await chargeAll(list, sources, provider, opts.timeoutMs ?? CHARGE_TIMEOUT_MS);
      for (const [i, p] of list.entries()) {
        const source = sources.get(p.enrollment_id);
        if (source?.kind === 'bank') {
          updates.push({ ...outcomeOf(p), method: 'eft', status: 'pending', next_try_on: day, updated_at: now() });
          figures.moved_to_bank++;
          continue;
        }
        figures.tried++;
        updates.push(record(p, outcomes[i]!, day, now(), ledger, figures, source?.method_id ?? null));
      }
      await updatePayments(trx, updates);
      await appendLedger(trx, ledger);
      return list.length;
    });
    if (claimed > 0) continue;
    if (after === 0) return figures;
    after = 0;
  }
}

/**
 * The batch's charges, CHARGE_CONCURRENCY at a time (each with its own idempotency key: the order does not matter to
 * the processor), so a batch's transaction lasts a fraction of one charge after another. A payment paid by bank now,
 * or with no card on file, is not charged (null; no card is a decline).
 */
async function chargeAll(
  list: readonly PremiumPayment[],
  sources: Map<string, PaymentSource>,
  provider: Pick<PaymentProvider, 'charge'>,
  timeoutMs: number,
): Promise<(Outcome | null)[]> {
  const out: (Outcome | null)[] = Array.from({ length: list.length }, () => null);
  let next = 0;
  const one = async (p: PremiumPayment): Promise<Outcome | null> => {
    const source = sources.get(p.enrollment_id);
    if (source?.kind === 'bank') return null;
    if (!source) return { status: 'declined', code: 'no_card', message: 'There is no card on file.' };
    try {
      return await withTimeout(
        provider.charge(source.token, p.amount_cents, p.idempotency_key, { afterUnknown: p.status === 'unknown' }),
        timeoutMs,
      );
    } catch {
      return { status: 'unknown' };
    }
  };
  const lane = async () => {
    for (let i = next++; i < list.length; i = next++) out[i] = await one(list[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(CHARGE_CONCURRENCY, list.length) }, lane));
  return out;
}

/** A payment's columns as they are before its try. */
const outcomeOf = (p: PremiumPayment): PaymentOutcome => ({
  id: p.id,
  status: p.status,
  method: p.method,
  method_id: p.method_id,
  attempts: p.attempts,
  next_try_on: p.next_try_on ? String(p.next_try_on).slice(0, 10) : null,
  provider_charge_id: p.provider_charge_id,
  failure_code: p.failure_code,
  updated_at: p.updated_at,
});

/**
 * The ledger key of a payment's `payment` row: `<key>:payment`, the same whichever tells it (the run, a webhook, the
 * payer's confirmation). A payment paid before and taken back (a dispute lost, decision 2820) is paid again by another
 * charge: its row is keyed by that charge.
 */
export const paidKey = (p: Pick<PremiumPayment, 'idempotency_key' | 'returned_at'>, chargeId: string) =>
  p.returned_at ? `${p.idempotency_key}:payment:${chargeId}` : `${p.idempotency_key}:payment`;

/**
 * A try's outcome: the payment's new columns (returned) and its ledger row (pushed). Also the outcome a processor's
 * webhook brings for a charge left "unknown" (webhook-service.ts).
 */
export function record(
  p: PremiumPayment,
  outcome: Outcome,
  day: string,
  at: Date,
  ledger: Insertable<LedgerEntriesTable>[],
  figures: CollectFigures,
  methodId: number | null,
): PaymentOutcome {
  const attempts = p.attempts + 1;
  const base = { enrollment_id: p.enrollment_id, period: p.period, payment_id: p.id, amount_cents: p.amount_cents };
  if (outcome.status === 'unknown') {
    figures.unknown++;
    return { ...outcomeOf(p), status: 'unknown', attempts, next_try_on: addDaysIso(day, 1), updated_at: at };
  }
  if (outcome.status === 'succeeded') {
    figures.succeeded++;
    ledger.push({ ...base, kind: 'payment', reason: null, idempotency_key: paidKey(p, outcome.chargeId) });
    return { ...outcomeOf(p), status: 'succeeded', attempts, next_try_on: null, provider_charge_id: outcome.chargeId, updated_at: at };
  }
  // Declined: the next retry day after the due date that is after today, or none after the last.
  const retries = p.payment_index === 0 ? [] : CARD_RETRY_DAYS.map((d) => addDaysIso(String(p.due_on).slice(0, 10), d));
  const next = retries.slice(attempts - 1).find((d) => d > day) ?? null;
  if (next) figures.declined++;
  else figures.failed++;
  ledger.push({ ...base, kind: 'decline', reason: outcome.code, idempotency_key: `${p.idempotency_key}:decline:${attempts}` });
  return {
    ...outcomeOf(p),
    status: next ? 'declined' : 'failed',
    // The card tried: a newer method given after this decline is tried at once (grace-repository.ts).
    method_id: methodId,
    attempts,
    next_try_on: next,
    // A charge the payer can still complete (3-D Secure): the member home offers to confirm it (decision 2670).
    provider_charge_id: outcome.chargeId ?? null,
    failure_code: outcome.code,
    updated_at: at,
  };
}
