import type { Insertable } from 'kysely';
import { coverageEndsOn, GRACE_DAYS } from '@store/domain/billing-schedule';
import { isoToUs } from '@store/domain/dates';
import type { LedgerEntriesTable } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import { enqueueOutbox } from '../../plugins/mailer.ts';
import { NONPAYMENT_REASON, queueCarrierFiles } from '../carriers/index.ts';
import { billingT } from './failure-mail.ts';
import { auditCoverageEnded, claimGraceEnded, endCoverage, endNoticeContacts, reopenForNewMethod } from './grace-repository.ts';
import { appendLedger, inTransaction, type Db } from './repository.ts';

/** Enrollments whose coverage is ended per transaction. */
const GRACE_BATCH = 50;

/** What ending a coverage uses: the carriers' 834 machinery (its jobs and files) and the sealer for the mails. */
export type GraceDeps = Pick<Deps, 'jobs' | 'sealer' | 'config' | 'log'> & { db: Db };

export interface GraceFigures {
  /** Payments tried again at once with the newer method the payer gave inside the grace period. */
  reopened: number;
  /** Coverages ended unpaid (each with its termination 834 queued); null: left to the store's daily job (the command). */
  ended: number | null;
}

/**
 * The grace period (issue 36): a payment that failed is tried again at once when the payer gives a new method inside
 * it (so payment brought current keeps the coverage without a gap); when it ends unpaid (GRACE_DAYS after the due date,
 * a setting), the coverage ends at the end of the last paid month: the policies end, the unpaid payments are voided
 * (their charges reversed by adjustment rows of the ledger), a termination 834 (INS03 024, DTP*349 and DTP*357 the last
 * day) is queued for every carrier of the plans through the carriers' machinery, and the member, the rep and the
 * operators are told (mails; the audit row and the ledger's adjustments in the console). Without `carriers` (the
 * operator's command, which has no job machinery) the ends wait for the store's daily job.
 */
export async function runGracePeriod(
  db: Db,
  day: string,
  opts: { graceDays?: number; now?: () => Date; carriers?: GraceDeps },
): Promise<GraceFigures> {
  const graceDays = opts.graceDays ?? GRACE_DAYS;
  const now = opts.now ?? (() => new Date());
  const reopened = await inTransaction(db, (trx) => reopenForNewMethod(trx, day, graceDays, now()));
  let ended = 0;
  const carriers = opts.carriers;
  if (!carriers) return { reopened, ended: null };
  for (;;) {
    const n = await inTransaction(db, async (trx) => {
      const list = await claimGraceEnded(trx, day, graceDays, GRACE_BATCH);
      for (const g of list) {
        const endsOn = coverageEndsOn(g, g.payment_index);
        const { policies, voided } = await endCoverage(trx, g.enrollment_id, endsOn, g.payment_index, now());
        const ledger: Insertable<LedgerEntriesTable>[] = voided.map((p) => ({
          enrollment_id: g.enrollment_id,
          period: p.period,
          kind: 'adjustment',
          amount_cents: -p.amount_cents,
          payment_id: p.id,
          reason: 'coverage_ended',
          idempotency_key: `${p.idempotency_key}:coverage_ended`,
        }));
        await appendLedger(trx, ledger);
        await queueCarrierFiles({ ...carriers, db: trx }, trx, g.enrollment_id, {
          maintenance: '024',
          reason: NONPAYMENT_REASON,
          effectiveDate: endsOn,
        });
        await auditCoverageEnded(trx, g.enrollment_id, { ends_on: endsOn, unpaid_payment: g.payment_index, policies, day });
        await tellCoverageEnded(carriers, trx, g.enrollment_id, endsOn);
        ended++;
      }
      return list.length;
    });
    if (n === 0) return { reopened, ended };
  }
}

const ES: Record<string, string> = {
  'Your coverage has ended': 'Su cobertura ha terminado',
  'Hello {{name}},': 'Hola {{name}}:',
  'Your premium was not paid within the grace period, so your coverage ended on {{date}}.':
    'Su prima no se pagó dentro del período de gracia, por lo que su cobertura terminó el {{date}}.',
  'Confirmation number: {{number}}': 'Número de confirmación: {{number}}',
};

/** The member (in their language), the rep and the operators are told that the coverage ended. */
async function tellCoverageEnded(deps: GraceDeps, trx: Db, enrollmentId: string, endsOn: string) {
  const c = await endNoticeContacts(trx, enrollmentId);
  const date = isoToUs(endsOn);
  const number = c.confirmation_number ?? enrollmentId;
  const name = `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim();
  const mail = async (to: string, subject: string, lines: string[], kind: string) =>
    enqueueOutbox(deps.sealer, trx, {
      kind,
      to,
      subject,
      text: lines.join('\n'),
      html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join(''),
      enrollmentId,
    });
  if (c.email) {
    const t = billingT(storedLanguage(c.mail_lang), ES);
    await mail(
      c.email,
      t('Your coverage has ended'),
      [
        t('Hello {{name}},', { name: c.first_name ?? '' }),
        '',
        t('Your premium was not paid within the grace period, so your coverage ended on {{date}}.', { date }),
        t('Confirmation number: {{number}}', { number }),
      ],
      'coverage-ended',
    );
  }
  const staff = [`The premium of ${name} (${number}) was not paid within the grace period: the coverage ended on ${date}.`];
  if (c.agent_email) await mail(c.agent_email, `Coverage ended for nonpayment: ${name}`, staff, 'coverage-ended-rep');
  for (const to of c.operators)
    await mail(
      to,
      `Coverage ended for nonpayment: ${number}`,
      [...staff, 'A termination 834 was queued for the carriers.'],
      'coverage-ended-operator',
    );
}
