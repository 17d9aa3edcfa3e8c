import type { Sealer } from '../../lib/crypto.ts';
import type { PaymentProvider } from '../enrollment/index.ts';
import { collectBankPayments, type BankFigures } from './bank-service.ts';
import { collectCardPayments, type CollectFigures } from './collect-service.ts';
import { applyReturnsFiles, type ReturnsFigures } from './returns-service.ts';
import { createDuePayments } from './run-service.ts';
import { mailPaymentFailures } from './failure-notice.ts';
import { runGracePeriod, type GraceDeps, type GraceFigures } from './grace-service.ts';
import type { Db } from './repository.ts';
import { runListBills, type InvoiceFigures } from './invoice-service.ts';

/** What the billing run needs: the database, the sealer (bank numbers), the provider (cards) and where NACHA files go. */
export interface BillingDeps {
  /** The database, or the transaction the billing day's job runs in. */
  db: Db;
  sealer: Sealer;
  provider: Pick<PaymentProvider, 'charge'>;
  achOutDir: string;
  now?: () => Date;
  /**
   * A configured origin of the store, for the links of failed payments' mails. Without it (the operator's command with
   * no PUBLIC_URL) the day's failures are mailed by the store's next daily job: the notices are their queue.
   */
  origin?: () => Promise<string>;
  /** Days after an unpaid due date before the coverage ends (GRACE_DAYS unless set). */
  graceDays?: number;
  /** The carriers' machinery for a termination 834 (the store's job); without it coverages end on the store's next run. */
  carriers?: GraceDeps;
}

export interface DayFigures {
  day: string;
  enrollments: number;
  added: number;
  cards: CollectFigures;
  bank: BankFigures;
  returns: ReturnsFigures;
  /** Failed payments' mails queued (null: left for the store's daily job, no origin configured). */
  mailed: number | null;
  grace: GraceFigures;
  /** List bills (issue 39): groups invoiced this day, and invoices mailed to their administrator. */
  invoices: InvoiceFigures;
}

/**
 * One billing day (issue 36): the payments due on or before `day` added (each period once), the cards charged, the bank
 * debits put in the day's NACHA file. Run by the daily job in every store process (the database's keys and SKIP LOCKED
 * make it exactly once) and by `npm run billing -- --date`. A card payment whose member now pays by bank moves to the
 * bank step of the same run, and the other way round: the bank step runs between two card steps. The bank's returns
 * files are applied first.
 */
export async function runBillingDay(deps: BillingDeps, day: string): Promise<DayFigures> {
  // The bank's returns first: a debit presented again (R01, R09) is due in a later file, a stopped account is not debited.
  const returns = await applyReturnsFiles({ db: deps.db, sealer: deps.sealer, outDir: deps.achOutDir }, day, deps.now);
  // A payment tried again with a newer method; coverages whose grace period ended unpaid end before more is billed.
  const grace = await runGracePeriod(deps.db, day, { graceDays: deps.graceDays, now: deps.now, carriers: deps.carriers });
  const { enrollments, added } = await createDuePayments(deps.db, day);
  const cards = await collectCardPayments(deps.db, deps.provider, day, { now: deps.now });
  const bank = await collectBankPayments({ db: deps.db, sealer: deps.sealer, outDir: deps.achOutDir }, day, { now: deps.now });
  if (bank.moved_to_card > 0) {
    const more = await collectCardPayments(deps.db, deps.provider, day, { now: deps.now });
    for (const k of Object.keys(cards) as (keyof CollectFigures)[]) cards[k] += more[k];
  }
  // List-bill enrollments are not collected one by one (COLLECTED_ONE_BY_ONE): their group's invoice bills them.
  const invoices = await runListBills({ db: deps.db, sealer: deps.sealer }, day);
  const mailed = deps.origin
    ? await mailPaymentFailures({ db: deps.db, sealer: deps.sealer, origin: deps.origin, now: deps.now, graceDays: deps.graceDays })
    : null;
  return { day, enrollments, added, cards, bank, returns, mailed, grace, invoices };
}

/** The figures as the command prints them. */
export function describeDay(f: DayFigures): string {
  const c = f.cards;
  const lines = [
    `Billing day ${f.day}: ${f.enrollments} enrollment(s) billed one by one, ${f.added} payment(s) due added.`,
    `Cards: ${c.tried} tried, ${c.succeeded} paid, ${c.declined} declined (to retry), ${c.failed} failed, ${c.unknown} unknown (settled next run).`,
    f.bank.file
      ? `Bank: ${f.bank.file.entries} debit(s), $${(f.bank.file.total_cents / 100).toFixed(2)}, in ${f.bank.file.name}.`
      : 'Bank: no debits due.',
    f.returns.applied.length + f.returns.refused.length === 0
      ? 'Returns: no file.'
      : `Returns: ${f.returns.applied.reduce((a, r) => a + r.returned, 0)} debit(s) returned from ${f.returns.applied.length} file(s)` +
        (f.returns.refused.length ? `; refused: ${f.returns.refused.map((r) => `${r.file} (${r.why})`).join(', ')}.` : '.'),
    `Grace period: ${f.grace.reopened} payment(s) tried again with a new method, ` +
      (f.grace.ended === null ? 'coverages past it ended by the store.' : `${f.grace.ended} coverage(s) ended unpaid.`),
    `List bills: ${f.invoices.invoices} invoice(s) made, ${f.invoices.mailed} mailed to the group administrator.`,
    f.mailed === null ? 'Failed payments: mailed by the store (no PUBLIC_URL here).' : `Failed payments: ${f.mailed} mail(s) queued.`,
  ];
  return lines.join('\n');
}
