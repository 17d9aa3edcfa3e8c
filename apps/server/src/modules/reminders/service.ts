import type { Transaction } from 'kysely';
import type { Database, Enrollment } from '../../db/schema.ts';
import { timingSafeEqualText } from '../../lib/crypto.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import type { Job } from '../../plugins/jobs.ts';
import type { Deps } from '../../lib/deps.ts';
import { directContinueLink } from '../../lib/resume-link.ts';
import { renderReminderMail } from './reminder-mail.ts';
import { auditUnsubscribe, lockEnrollment, lockUnsubscribedAt, setUnsubscribed, unsubscribedAt, type Db } from './repository.ts';

const DAY = 86400_000;

/** Reminders of a saved enrollment: 1 and 3 days after Save & Continue Later. */
export const REMINDER_KIND = 'enrollment-reminder';
export const REMINDER_DAYS = [1, 3] as const;

/**
 * After Save & Continue Later: replaces the pending reminders of the enrollment with two new ones (a later save
 * starts the count again), unless the person turned reminders off. Runs in the save's transaction.
 */
export async function scheduleReminders(
  deps: Pick<Deps, 'jobs'>,
  trx: Db,
  e: Pick<Enrollment, 'id' | 'reminders_unsubscribed_at'>,
  origin: string,
) {
  await deps.jobs.cancel(trx, e.id, [REMINDER_KIND]);
  if (e.reminders_unsubscribed_at) return;
  const now = deps.jobs.now().getTime();
  for (const [i, days] of REMINDER_DAYS.entries()) {
    await deps.jobs.schedule(trx, {
      kind: REMINDER_KIND,
      enrollmentId: e.id,
      dueAt: new Date(now + days * DAY),
      payload: { origin, number: i + 1 },
    });
  }
}

/** What sending a reminder uses: the clock and outbox, the sites' origins, the signing keys. */
export type ReminderDeps = Pick<Deps, 'jobs' | 'origins' | 'mailer' | 'sealer'>;

/** The job: mails the reminder through the outbox, in the enrollment's language, while it still applies. */
export async function sendReminder(deps: ReminderDeps, trx: Transaction<Database>, job: Job): Promise<'done' | 'skipped'> {
  if (!job.enrollment_id) return 'skipped';
  const e = await lockEnrollment(trx, job.enrollment_id);
  const expired = !e?.resume_expires_at || new Date(e.resume_expires_at).getTime() < deps.jobs.now().getTime();
  if (!e || e.status === 'completed' || e.reminders_unsubscribed_at || !e.resume_email || !e.resume_code_hash || expired) return 'skipped';
  // The origin kept at scheduling time, if it is still a configured one (jobs scheduled before this check included).
  const origin = await deps.origins.checked(typeof job.payload.origin === 'string' ? job.payload.origin : null, trx);
  const lang = storedLanguage(e.mail_lang);
  const mail = renderReminderMail(lang, {
    origin,
    resumeLink: directContinueLink(deps, origin, e.id, e.resume_code_hash, e.saved_tab ?? 'primary_info', e.resume_expires_at),
    unsubscribeLink: `${origin}/reminders/unsubscribe/${unsubscribeToken(deps, e.id)}?lang=${lang}`,
  });
  await deps.mailer.enqueue(trx, { kind: REMINDER_KIND, to: e.resume_email, enrollmentId: e.id, holdsSecret: true, ...mail });
  return 'done';
}

/** The unsubscribe link's token: the enrollment id and its HMAC (no expiry: an old mail's link keeps working). */
const mac = (deps: Pick<Deps, 'sealer'>, id: string) => deps.sealer.digestAll(`reminders-unsubscribe:${id}`).map((d) => d.slice(0, 22));
export const unsubscribeToken = (deps: Pick<Deps, 'sealer'>, enrollmentId: string) =>
  Buffer.from(`${enrollmentId}.${mac(deps, enrollmentId)[0]}`).toString('base64url');

/** The enrollment id of a valid token, or null. */
export function verifyUnsubscribeToken(deps: Pick<Deps, 'sealer'>, token: string): string | null {
  const [id, sig, extra] = Buffer.from(token, 'base64url').toString('utf8').split('.');
  if (!id || !sig || extra !== undefined || id.length > 64) return null;
  return mac(deps, id).some((m) => timingSafeEqualText(m, sig)) ? id : null;
}

/** Turns the reminders of the enrollment off and cancels those pending (idempotent). */
export async function unsubscribeReminders(deps: Pick<Deps, 'db' | 'jobs'>, enrollmentId: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const e = await lockUnsubscribedAt(trx, enrollmentId);
    if (!e) return false;
    if (!e.reminders_unsubscribed_at) {
      await setUnsubscribed(trx, e.id, deps.jobs.now());
      await auditUnsubscribe(trx, e.id);
    }
    await deps.jobs.cancel(trx, e.id, [REMINDER_KIND]);
    return true;
  });
}

/** Whether the token's enrollment has turned reminders off; null when the token is not valid. */
export async function unsubscribeStatus(deps: Pick<Deps, 'db' | 'sealer'>, token: string): Promise<{ unsubscribed: boolean } | null> {
  const id = verifyUnsubscribeToken(deps, token);
  const e = id ? await unsubscribedAt(deps.db, id) : undefined;
  return e ? { unsubscribed: !!e.reminders_unsubscribed_at } : null;
}
