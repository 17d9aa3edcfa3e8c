import type { Transaction } from 'kysely';
import { addDaysIso, isoToUs, nextEasternMidnight, todayIso } from '@store/domain/dates';
import { US_STATES } from '@store/domain/states';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { Job } from '../../plugins/jobs.ts';
import { enqueueOutbox } from '../../plugins/mailer.ts';
import * as repo from './repository.ts';

export const LICENSE_EXPIRY_KIND = 'rep-license-expiry';
/** Days ahead a license's expiry is told to its rep and the operators (issue 39). */
export const EXPIRY_NOTICE_DAYS = 30;

type ExpiryDeps = Pick<Deps, 'db' | 'sealer' | 'jobs' | 'log'>;

/** One pending daily check at a time, due at the next midnight in US Eastern time (as the billing day's job). */
export async function ensureExpiryJob(deps: ExpiryDeps, trx?: Transaction<Database>, running?: Job): Promise<void> {
  await deps.jobs.ensureOne(trx, { kind: LICENSE_EXPIRY_KIND, dueAt: nextEasternMidnight(deps.jobs.now()), exceptId: running?.id });
}

/**
 * Mails the rep and every operator about each license that expires within EXPIRY_NOTICE_DAYS (today included) and was
 * not told yet: once per license and expiry date, whichever process runs it (rep_license_notices' key). A renewed
 * license (a later date) is told again when its own date comes near. Returns how many licenses were told.
 */
export async function tellExpiringLicenses(deps: Pick<Deps, 'sealer'>, trx: repo.Db, now: Date): Promise<number> {
  const today = todayIso(now);
  const rows = await repo.licensesExpiringUnnoticed(trx, today, addDaysIso(today, EXPIRY_NOTICE_DAYS));
  if (!rows.length) return 0;
  const operators = await repo.activeOperatorEmails(trx);
  let told = 0;
  for (const r of rows) {
    if (!(await repo.noteExpiryNotice(trx, r.agent_id, r.state, r.expires_on))) continue;
    const state = US_STATES.find((s) => s.abbrev === r.state)?.name ?? r.state;
    const name = `${r.first_name} ${r.last_name}`.trim();
    const date = isoToUs(r.expires_on);
    const line = `The ${state} insurance license of ${name} (rep ${r.agent_id}) expires on ${date}.`;
    const after = `After that day the store offers no quote or enrollment in ${state} on ${name}'s pages until a renewed license is recorded in the console.`;
    const mail = (to: string, kind: string, lines: string[]) =>
      enqueueOutbox(deps.sealer, trx, {
        kind,
        to,
        subject: `License expiring: ${state}, ${date}`,
        text: lines.join('\n'),
        html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
      });
    if (r.email)
      await mail(r.email, 'rep-license-expiry', [`Hello ${r.first_name},`, line, after, 'Please send your renewed license to the store.']);
    for (const to of operators) await mail(to, 'rep-license-expiry-operator', [line, after]);
    told++;
  }
  return told;
}

/** The daily job: today's notices, then tomorrow's job. */
export async function expiryJob(deps: ExpiryDeps, trx: Transaction<Database>, job: Job): Promise<'done'> {
  const told = await tellExpiringLicenses(deps, trx, deps.jobs.now());
  if (told) deps.log.info({ told }, `Rep licenses: ${told} expiring license(s) told to their reps and the operators.`);
  await ensureExpiryJob(deps, trx, job);
  return 'done';
}
