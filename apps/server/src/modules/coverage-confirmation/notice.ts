import type { Transaction } from 'kysely';
import { isoToUs, nextEasternMidnight, todayIso } from '@store/domain/dates';
import { centsToDollars } from '@store/domain/format';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { Job } from '../../plugins/jobs.ts';
import { enqueueOutbox } from '../../plugins/mailer.ts';
import * as repo from './repository.ts';
import { unconfirmedPayments } from './service.ts';

export const UNCONFIRMED_KIND = 'coverage-unconfirmed-notice';

type NoticeDeps = Pick<Deps, 'db' | 'sealer' | 'jobs' | 'log'>;

/** One pending daily check at a time, at the next midnight in US Eastern time (jobs.ensureOne). */
export async function ensureUnconfirmedJob(deps: NoticeDeps, trx?: Transaction<Database>, running?: Job): Promise<void> {
  await deps.jobs.ensureOne(trx, { kind: UNCONFIRMED_KIND, dueAt: nextEasternMidnight(deps.jobs.now()), exceptId: running?.id });
}

/**
 * Mails the member's rep, once per plan, that the premium of a plan is collected and its carrier has not confirmed
 * the coverage within its window (issue 39). A member without a rep, or a rep without an e-mail, is on the console's
 * dashboard alone. Returns how many plans were told.
 */
export async function tellReps(deps: Pick<Deps, 'sealer'>, trx: repo.Db, now: Date): Promise<number> {
  let told = 0;
  for (const u of await unconfirmedPayments(trx, now)) {
    if (u.told || u.agentId === null) continue;
    const rep = await repo.repOf(trx, u.agentId);
    if (!rep?.email || !(await repo.markTold(trx, u.item.policy_id, now))) continue;
    const i = u.item;
    const lines = [
      `Hello ${rep.first_name},`,
      `${i.member} paid for ${i.plan_name} (${i.carrier}) since ${isoToUs(todayIso(new Date(i.paid_since)))}; $${centsToDollars(i.held_cents)} is held.`,
      'The carrier has not yet confirmed the coverage within its window. The store is following up with the carrier; the member sees that on their home page.',
    ];
    await enqueueOutbox(deps.sealer, trx, {
      kind: 'coverage-unconfirmed-rep',
      to: rep.email,
      subject: `Coverage not yet confirmed by ${i.carrier}: ${i.member}`,
      text: lines.join('\n'),
      html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
      enrollmentId: i.enrollment_id,
    });
    told++;
  }
  return told;
}

/** The daily job: today's notices, then tomorrow's job. */
export async function unconfirmedJob(deps: NoticeDeps, trx: Transaction<Database>, job: Job): Promise<'done'> {
  const told = await tellReps(deps, trx, deps.jobs.now());
  if (told) deps.log.info({ told }, `Coverage: ${told} unconfirmed paid plan(s) told to their reps.`);
  await ensureUnconfirmedJob(deps, trx, job);
  return 'done';
}
