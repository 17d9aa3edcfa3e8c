import type { Transaction } from 'kysely';
import { mergeMembershipRefundKey, mergeRefundKey, mergeRefundMailText, type MergeRefundPart } from '@store/domain/open-enrollment-refund';
import type { TRefundDueWhy } from '@store/domain/refunds-due';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import { JOB_MAX_ATTEMPTS, type Job } from '../../plugins/jobs.ts';
import { recordRefundDue, refundMergedFirstMonth, RefundNotAnswered, type MergeRefund, type MergeRefundDue } from '../billing/index.ts';
import { recordEvent } from '../trail/index.ts';
import * as oe from './open-enrollment-repository.ts';
import * as repo from './repository.ts';

/**
 * The first month of a merged choice given back (issue 38, decision 2870). The merge (open-enrollment-choices.ts, in
 * the renewal day's transaction) schedules a job of this kind; the job, in its own transaction after the merge
 * committed, refunds the merged plan's month of the choice's first payment (modules/billing refundMergedFirstMonth),
 * records it in the trail and the audit log and mails the member. A provider that does not answer fails the job: the
 * jobs' worker tries it again (5 times, 5 minutes apart) with the same idempotency key. A refusal, no answer at the
 * last try, or a bank debit already sent (the store sends no credits), is left to the operator: the trail, an audit row
 * `renewal.merge_refund_due` (the console's audit log) and an error in the log. The merge stays done either way.
 */
export const MERGE_REFUND_KIND = 'open-enrollment-merge-refund';
export const MERGE_REFUND_MAIL_KIND = 'open-enrollment-refund';

/** What the job uses: the payment provider (passed in, as every service's dependencies), mail and the log. */
export type MergeRefundDeps = Pick<Deps, 'payments' | 'mailer' | 'log'>;
export interface MergedChoice {
  enrollmentId: string;
  policyId: number;
  planId: number;
}

/** In the merge's transaction: the refund runs once it committed (a merge rolled back schedules nothing). */
export const scheduleMergeRefund = (deps: Pick<Deps, 'jobs'>, trx: repo.Db, m: MergedChoice) =>
  deps.jobs.schedule(trx, {
    kind: MERGE_REFUND_KIND,
    enrollmentId: m.enrollmentId,
    dueAt: deps.jobs.now(),
    payload: { policy_id: m.policyId, plan_id: m.planId },
  });

export function mergeRefundJob(deps: MergeRefundDeps, trx: Transaction<Database>, job: Job) {
  const payload = (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload) as { policy_id: number; plan_id: number };
  const m = { enrollmentId: job.enrollment_id!, policyId: Number(payload.policy_id), planId: Number(payload.plan_id) };
  return settleMergeRefund(deps, trx, m, { lastTry: job.attempts + 1 >= JOB_MAX_ATTEMPTS });
}

/**
 * The refund of one merged choice's first month, told; once however often it runs (the refund's key). Then, when every
 * plan of the choice is merged (nothing of it goes on), the month's membership fee the earlier enrollment pays too, with
 * its own key (decision 2871): whichever merged plan's job comes last refunds it, once (the payment's lock and the key).
 */
export async function settleMergeRefund(
  deps: MergeRefundDeps,
  trx: Transaction<Database>,
  m: MergedChoice,
  opts: { lastTry?: boolean } = {},
): Promise<'done'> {
  const mergedPlanIds = await oe.mergedPlanIdsOf(trx, m.enrollmentId);
  await settlePart(deps, trx, { ...m, part: 'plan', mergedPlanIds }, opts);
  await settlePart(deps, trx, { ...m, part: 'membership', mergedPlanIds }, opts);
  return 'done';
}

type Part = MergedChoice & { part: MergeRefundPart; mergedPlanIds: number[] };

async function settlePart(deps: MergeRefundDeps, trx: Transaction<Database>, m: Part, opts: { lastTry?: boolean }) {
  let r: MergeRefund;
  try {
    r = await refundMergedFirstMonth(deps.payments, trx, m);
  } catch (err) {
    // Not answered (a timeout, an outage): the job fails and is tried again with the same key; after its last try
    // the operator settles it (the provider may have made it: its dashboard says, and its webhook records it).
    if (!opts.lastTry || !(err instanceof RefundNotAnswered)) throw err;
    return leaveToOperator(deps, trx, m, { why: 'no_answer', message: err.message, ...due(err.due) });
  }
  if (r.outcome === 'refused') return leaveToOperator(deps, trx, m, { why: 'refused', message: r.message, ...due(r) });
  if (r.outcome === 'bank_debit') return leaveToOperator(deps, trx, m, { why: 'bank_debit', ...due(r) });
  if (r.outcome !== 'refunded' || r.already) return;
  const detail = {
    kind: 'open_enrollment_refund',
    ...(m.part === 'membership' ? { part: 'membership' } : {}),
    policy_id: m.policyId,
    plan_id: m.planId,
    payment_id: r.payment_id,
    ledger_id: r.ledger_id,
    period: r.period,
    amount_cents: r.cents,
  };
  await recordEvent(trx, m.enrollmentId, 'coverage_changed', detail);
  await repo.writeAudit(trx, null, 'renewal.merge_refunded', `policy:${m.policyId}`, detail);
  const who = await oe.mergedChoiceMember(trx, m.policyId);
  if (!who?.email) return;
  const lang = storedLanguage(who.mail_lang);
  const name = `${who.first_name ?? ''} ${who.last_name ?? ''}`.trim();
  const t = mergeRefundMailText(lang, { name, plan: who.plan_name, cents: r.cents, period: r.period, part: m.part });
  await deps.mailer.enqueue(trx, {
    kind: MERGE_REFUND_MAIL_KIND,
    to: who.email,
    enrollmentId: m.enrollmentId,
    subject: t.subject,
    text: t.lines.join('\n\n'),
    html: t.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
  });
}

const due = (r: MergeRefundDue) => ({ payment_id: r.payment_id, period: r.period, amount_cents: r.cents });

/**
 * Left to the operator: the trail, an audit row `renewal.merge_refund_due`, an error in the log and a row of the
 * operator's list of refunds due (decision 2871; once per refund key, the dashboard shows it until settled).
 */
async function leaveToOperator(
  deps: MergeRefundDeps,
  trx: Transaction<Database>,
  m: Part,
  extra: { why: TRefundDueWhy; message?: string; payment_id: number; period: string; amount_cents: number },
) {
  const part = m.part === 'membership' ? { part: 'membership' } : {};
  const detail = { kind: 'open_enrollment_refund_due', ...part, policy_id: m.policyId, plan_id: m.planId, ...extra };
  await recordEvent(trx, m.enrollmentId, 'coverage_changed', detail);
  await repo.writeAudit(trx, null, 'renewal.merge_refund_due', `policy:${m.policyId}`, detail);
  await recordRefundDue(trx, {
    due_key: m.part === 'plan' ? mergeRefundKey(extra.payment_id, m.policyId) : mergeMembershipRefundKey(extra.payment_id),
    enrollment_id: m.enrollmentId,
    policy_id: m.policyId,
    payment_id: extra.payment_id,
    part: m.part,
    amount_cents: extra.amount_cents,
    why: extra.why,
    message: extra.message ?? null,
  });
  deps.log.error(
    { ...detail, enrollment_id: m.enrollmentId },
    'The first month of a merged open enrollment choice is left to the operator to refund',
  );
}
