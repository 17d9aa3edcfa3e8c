import type { Actor } from '../../lib/actor.ts';
import type { TSaveEnrollmentRequest } from '@store/domain/save-enrollment';
import { CONTINUE_FAILED, type TContinueResult } from '@store/domain/enrollment';
import { RESUME_CODE_LIMITS, SAVE_LATER_LIMITS, TOO_MANY_CODES_TO_ADDRESS } from '@store/domain/abuse-limits';
import { loadOpenEnrollment } from '../../lib/access.ts';
import { HttpError, fieldError } from '../../lib/errors.ts';
import type { MailLang } from '../../lib/mail-i18n.ts';
import type { Transaction } from 'kysely';
import type { Database, Enrollment } from '../../db/schema.ts';
import { directContinueLink, verifyDirectToken } from '../../lib/resume-link.ts';
import { scheduleReminders } from '../reminders/index.ts';
import { saveStepData } from './steps/step-savers.ts';
import { loadForStep } from './loader.ts';
import { continueResult, issueResumeCode, resumeCodeHash, resumeCodeHashes } from './resume.ts';
import { renderEnrollmentCodeMail } from './code-mail.ts';
import { findByResumeCodeHashes, findEnrollment, setMailLanguage, takeDirectLink } from './repository.ts';
import type { Deps } from '../../lib/deps.ts';

const HOUR = 3600_000;
const LINK_NOT_VALID = 'This link is not valid or has expired';

/**
 * Save & Continue Later: the step's data (when sent) saved with its own rules, a new enrollment code mailed with its
 * direct link, the reminders scheduled, in one transaction.
 */
export async function saveForLater(deps: Deps, actor: Actor, body: TSaveEnrollmentRequest) {
  await deps.rateLimiter.enforce(`save-enrollment:ip:${actor.address}`, deps.config.SAVE_LATER_MAILS_PER_ADDRESS_HOUR, HOUR);
  // Ownership first: a stranger must not use up the owner's per-enrollment allowance.
  await loadOpenEnrollment(actor, body.enrollment_id, deps.db);
  await deps.rateLimiter.enforce(`save-enrollment:enr:${body.enrollment_id}`, deps.config.SAVE_LATER_MAILS_PER_ENROLLMENT_HOUR, HOUR);
  // Any address may be typed (the alternate e-mail): limited per enrollment and per recipient, per day.
  await deps.rateLimiter.enforce(
    `save-enrollment:enr-day:${body.enrollment_id}`,
    deps.config.SAVE_LATER_MAILS_PER_ENROLLMENT_DAY,
    SAVE_LATER_LIMITS.windowMs,
  );
  await deps.rateLimiter.enforce(
    `save-enrollment:to:${deps.sealer.digest(body.email.toLowerCase())}`,
    deps.config.SAVE_LATER_MAILS_PER_RECIPIENT_DAY,
    SAVE_LATER_LIMITS.windowMs,
    TOO_MANY_CODES_TO_ADDRESS,
  );
  // Links only ever point at a configured origin (plugins/origins.ts), never at the Host the request named.
  const origin = await deps.origins.linkOriginFor(actor.host);
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, body.enrollment_id, null);
    if (body.data !== undefined && body.data !== null) await saveStepData(deps, trx, e, body.tab, body.data);
    // The language of this page is the language of this mail and of the reminders that follow it.
    await mailNewResumeCode(deps, trx, e, { email: body.email, tab: body.tab, lang: actor.lang, origin });
  });
  deps.mailer.flushSoon();
}

/**
 * A new enrollment code and its direct link, mailed in `lang`, and the reminders scheduled again; in the caller's
 * transaction. Save & Continue Later, and the rep's "resend the code" (modules/rep-home), both send through here.
 */
export async function mailNewResumeCode(
  deps: Pick<Deps, 'sealer' | 'mailer' | 'jobs'>,
  trx: Transaction<Database>,
  e: Enrollment,
  o: { email: string; tab: string; lang: MailLang; origin: string },
) {
  const code = await issueResumeCode(deps, trx, e.id, o.email, o.tab);
  const link = directContinueLink(deps, o.origin, e.id, resumeCodeHash(deps, code), o.tab);
  await setMailLanguage(trx, e.id, o.lang);
  await deps.mailer.enqueue(trx, {
    kind: 'enrollment-code',
    to: o.email,
    enrollmentId: e.id,
    holdsSecret: true,
    ...renderEnrollmentCodeMail(o.lang, { code, origin: o.origin, link }),
  });
  await scheduleReminders(deps, trx, e, o.origin);
}

/**
 * What continuing changes of the browser's session, done by the route (decision 2350): `ensure` makes the session if
 * there is none yet (its id), `remember` adds an enrollment to the ones it resumed.
 */
export interface ResumingSession {
  ensure(): Promise<string>;
  remember(enrollmentId: string): Promise<void>;
}

/** Continue with the enrollment code and the e-mail: one answer whether the code is unknown, used up, expired or given with another e-mail. */
export async function continueWithCode(
  deps: Deps,
  actor: Actor,
  session: ResumingSession,
  code: string,
  email: string,
): Promise<TContinueResult> {
  const normEmail = email.trim().toLowerCase();
  const { windowMs } = RESUME_CODE_LIMITS;
  await deps.rateLimiter.enforce(`continue:ip:${actor.address}`, deps.config.RESUME_CODES_PER_ADDRESS_15_MIN, windowMs);
  // Per e-mail (by its HMAC: no address kept in clear) and per code: one code tried with many e-mail addresses.
  await deps.rateLimiter.enforce(`continue:email:${deps.sealer.digest(normEmail)}`, deps.config.RESUME_CODES_PER_EMAIL_15_MIN, windowMs);
  await deps.rateLimiter.enforce(`continue:code:${resumeCodeHash(deps, code)}`, deps.config.RESUME_CODES_PER_CODE_15_MIN, windowMs);
  const e = await findByResumeCodeHashes(deps.db, resumeCodeHashes(deps, code));
  const expired = e?.resume_expires_at && new Date(e.resume_expires_at) < new Date();
  if (!e || e.status === 'completed' || expired || (e.resume_email ?? '').toLowerCase() !== normEmail)
    throw fieldError('code', CONTINUE_FAILED);
  await session.remember(e.id);
  return continueResult(e);
}

/** The signed direct link: valid, not expired, of the current code, and opened in one browser only. */
export async function continueWithLink(deps: Deps, actor: Actor, session: ResumingSession, token: string): Promise<TContinueResult> {
  await deps.rateLimiter.enforce(`direct-continue:ip:${actor.address}`, deps.config.RESUME_LINKS_PER_ADDRESS_15_MIN, 15 * 60_000);
  const id = verifyDirectToken(deps, token);
  if (!id) throw new HttpError(404, LINK_NOT_VALID);
  const e = await findEnrollment(deps.db, id.enrollmentId);
  const expired = !e?.resume_expires_at || new Date(e.resume_expires_at) < new Date();
  if (!e || e.status === 'completed' || expired || !id.check(e.resume_code_hash)) throw new HttpError(404, LINK_NOT_VALID);
  const sessionId = await session.ensure();
  if (!(await takeDirectLink(deps.db, e.id, e.resume_code_hash, sessionId))) throw new HttpError(404, LINK_NOT_VALID);
  await session.remember(e.id);
  return continueResult(e);
}
