import { graceEndsOn, scheduledPayment, type PaymentSchedule } from '@store/domain/billing-schedule';
import { addDaysIso, todayIso } from '@store/domain/dates';
import {
  emptyTotals,
  failureText,
  LEDGER_CSV_HEADERS,
  paymentStanding,
  type TLedgerAnswer,
  type TLedgerMethod,
  type TLedgerQuery,
  type TMemberPayments,
  type TRepStandingRow,
  type TPaymentStatus,
} from '@store/domain/ledger';
import { centsToPlainDollars, csvRow } from '@store/domain/rep-home';
import type { TPage } from '@store/domain/admin';
import type { Db } from './repository.ts';
import * as repo from './ledger-repository.ts';

/** The ledger's readers (issue 36): what members, reps and operators see of the money that moved. Amounts in cents. */

const methodOf = (m: string): TLedgerMethod => (m === 'cc' ? 'card' : m === 'eft' ? 'eft' : 'list_bill');
/** Statuses of a payment the payer has to do something about (a decline, a failure for good, a returned debit). */
const FAILED: readonly TPaymentStatus[] = ['declined', 'failed', 'returned'];
const PAID: readonly TPaymentStatus[] = ['succeeded', 'submitted'];
/** The reason of the ledger's `payment` row that gives back a dispute's hold (dispute-service.ts). */
const DISPUTE_WON = 'dispute_won';

type Payment = Awaited<ReturnType<typeof repo.paymentsOfEnrollments>>[number];
const standingOf = (ps: readonly Payment[], today: string) =>
  paymentStanding(
    ps.map((p) => ({ status: p.status, due_on: p.due_on, attempts: p.attempts })),
    today,
  );

/**
 * The member's Payments: per enrollment, what was paid (the ledger's payments, less those the bank returned), refunds,
 * what is due next and when (the one schedule, packages/domain billing-schedule.ts), and the latest failed payment.
 */
export async function memberPayments(db: Db, userId: number, now: Date): Promise<TMemberPayments> {
  const today = todayIso(now);
  const enrollments = await repo.memberBilledEnrollments(db, userId);
  const ids = enrollments.map((e) => e.id);
  const [payments, money] = await Promise.all([repo.paymentsOfEnrollments(db, ids), repo.moneyRowsOf(db, ids)]);
  return {
    enrollments: enrollments.map((e) => {
      const mine = payments.filter((p) => p.enrollment_id === e.id);
      const rows = money.filter((m) => m.enrollment_id === e.id);
      const line = (m: (typeof rows)[number]) => ({ period: m.period, amount_cents: m.amount_cents, on: todayIso(new Date(m.created_at)) });
      // A payment the bank returned did not pay: each return takes away one payment of its period; a dispute won
      // gives its hold back (decision 2820): it cancels a return instead of being a payment of its own.
      const returns = new Map<string, number>();
      const add = (period: string, n: number) => returns.set(period, (returns.get(period) ?? 0) + n);
      for (const r of rows) if (r.kind === 'return') add(r.period, 1);
      for (const r of rows) if (r.kind === 'payment' && r.reason === DISPUTE_WON) add(r.period, -1);
      const paid = rows.filter((r) => {
        if (r.kind !== 'payment' || r.reason === DISPUTE_WON) return false;
        const left = returns.get(r.period) ?? 0;
        if (left > 0) returns.set(r.period, left - 1);
        return left === 0;
      });
      const method = methodOf(e.payment_method);
      const failedPayment = [...mine].reverse().find((p) => FAILED.includes(p.status));
      return {
        enrollment_id: e.id,
        confirmation_number: e.confirmation_number,
        payment_label: e.payment_label,
        method,
        standing: standingOf(mine, today),
        paid: paid.map(line),
        refunded: rows.filter((r) => r.kind === 'refund').map(line),
        next: method === 'list_bill' ? null : nextDue(e, mine, today),
        failed: failedPayment
          ? {
              period: failedPayment.period,
              amount_cents: failedPayment.amount_cents,
              due_on: failedPayment.due_on,
              reason: failureText(failedPayment.failure_code),
              next_try_on: failedPayment.next_try_on,
              grace_ends_on: graceEndsOn(failedPayment.due_on),
              confirm_payment_id: waitsForPayer(failedPayment) ? failedPayment.id : null,
            }
          : null,
      };
    }),
  };
}

/** A card payment the off-session charge left for its holder's confirmation (3-D Secure; decision 2670). */
export const waitsForPayer = (p: { status: string; failure_code: string | null; provider_charge_id?: string | null }) =>
  (p.status === 'declined' || p.status === 'failed') && p.failure_code === 'authentication_required' && !!p.provider_charge_id;

/** The first scheduled payment due today or later that is not paid yet (a payment made early counts as paid). */
function nextDue(s: PaymentSchedule & { recurring_cents: number }, payments: readonly Payment[], today: string) {
  for (let i = 1; i < 1200; i++) {
    const p = scheduledPayment(s, i);
    if (p.due_on < today) continue;
    const row = payments.find((x) => x.payment_index === i);
    if (row && PAID.includes(row.status)) continue;
    return { period: p.period, due_on: p.due_on, amount_cents: row?.amount_cents ?? s.recurring_cents };
  }
  return null;
}

/** The rep's clients and each one's payment standing (current, retrying, in grace, ended), newest first. */
export async function repPaymentStanding(
  db: Db,
  agentId: number,
  query: { limit: number; offset: number },
  now: Date,
): Promise<TPage<TRepStandingRow>> {
  const today = todayIso(now);
  const { rows, total } = await repo.repClients(db, agentId, query.limit, query.offset);
  const payments = await repo.paymentsOfEnrollments(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((r) => {
    const mine = payments.filter((p) => p.enrollment_id === r.id);
    const unpaid = mine.find((p) => FAILED.includes(p.status) || p.status === 'unknown' || (p.status === 'pending' && p.attempts > 0));
    const standing = standingOf(mine, today);
    return {
      enrollment_id: r.id,
      name: r.name.trim() || '—',
      confirmation_number: r.confirmation_number,
      method: methodOf(r.payment_method),
      standing,
      since: standing === 'current' ? null : (unpaid?.due_on ?? null),
    };
  });
  return { items, total, limit: query.limit, offset: query.offset };
}

/** Rows a page of the ledger holds; the CSV has them all. */
export const LEDGER_PAGE_ROWS = 500;

const wireRow = (r: repo.LedgerDbRow) => ({ ...r, created_at: new Date(r.created_at).toISOString() });

/** The ledger of a query: its rows (up to a page) and the sums of all its rows per method (card, EFT, list bill) and kind. */
export async function ledgerAnswer(db: Db, q: TLedgerQuery): Promise<TLedgerAnswer> {
  const [rows, sums] = await Promise.all([repo.ledgerRows(db, q, LEDGER_PAGE_ROWS + 1), repo.ledgerSums(db, q)]);
  const totals = { card: emptyTotals(), eft: emptyTotals(), list_bill: emptyTotals() };
  for (const s of sums) totals[s.method][s.kind] += s.cents;
  return { rows: rows.slice(0, LEDGER_PAGE_ROWS).map(wireRow), truncated: rows.length > LEDGER_PAGE_ROWS, totals };
}

/** Every row of the query as CSV lines (a batch at a time by keyset; cells formula-safe; amounts in dollars). */
export async function* ledgerCsv(db: Db, q: TLedgerQuery): AsyncGenerator<string> {
  yield csvRow(LEDGER_CSV_HEADERS);
  let after = 0;
  for (;;) {
    const rows = await repo.ledgerRows(db, q, 500, after);
    for (const r of rows)
      yield csvRow([
        r.id,
        new Date(r.created_at).toISOString(),
        r.kind,
        centsToPlainDollars(r.amount_cents),
        r.period,
        r.status ?? '',
        r.reason ?? '',
        r.method,
        r.confirmation_number ?? '',
        r.member ?? '',
      ]);
    if (rows.length < 500) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The day an ACH file's retention ends (kept `days` after it was made). */
export const keepUntil = (createdOn: string, days: number) => addDaysIso(createdOn, days);
