import { centsToDollars } from '@store/domain/cart';
import { coverageEndsOn, graceEndsOn, GRACE_DAYS } from '@store/domain/billing-schedule';
import { isoToUs } from '@store/domain/dates';
import type { Sealer } from '../../lib/crypto.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { enqueueOutbox } from '../../plugins/mailer.ts';
import { monthName } from './failure-mail.ts';
import type { FailureDetails } from './failure-repository.ts';
import { endNoticeContacts } from './grace-repository.ts';
import type { Db } from './repository.ts';

/**
 * The operators are told of a dispute lost (decision 2820), in the transaction that mails the member's failure: what
 * was lost, whose, and when the coverage ends unless the member pays again (the member's mail says how).
 */
export async function tellDisputeLost(trx: Db, deps: { sealer: Sealer; graceDays?: number }, f: FailureDetails) {
  const c = await endNoticeContacts(trx, f.enrollment_id);
  const number = c.confirmation_number ?? f.enrollment_id;
  const name = `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim();
  const schedule = { first_charge_on: f.first_charge_on, starts_on: f.starts_on, recurring_from: f.recurring_from, bill_day: f.bill_day };
  const lines = [
    `The dispute of the payment of $${centsToDollars(f.payment_cents)} for ${monthName('en', f.period)} of ${name} (${number}) was lost: the money stays with the cardholder.`,
    `The member was told how to pay again; unless paid by ${isoToUs(graceEndsOn(f.due_on, deps.graceDays ?? GRACE_DAYS))}, the coverage ends on ${isoToUs(coverageEndsOn(schedule, f.payment_index))}.`,
  ];
  for (const to of c.operators)
    await enqueueOutbox(deps.sealer, trx, {
      kind: 'dispute-lost-operator',
      to,
      subject: `Dispute lost: ${number}`,
      text: lines.join('\n'),
      html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
      enrollmentId: f.enrollment_id,
    });
}
