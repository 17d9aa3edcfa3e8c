import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSaveEnrollmentRequest } from '@store/domain/save-enrollment';
import { CONTINUE_FAILED, ZContinueForm, ZContinueResult } from '@store/domain/enrollment';
import { SAVE_LATER_LIMITS, TOO_MANY_CODES_TO_ADDRESS } from '@store/domain/abuse-limits';
import { ok, responses } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { HttpError, fieldError } from '../../lib/errors.ts';
import { sendQuote } from '../cart/quote-service.ts';
import { saveStepData } from './step-savers.ts';
import { continueResult, directContinueLink, issueResumeCode, resumeCodeHash, resumeCodeHashes, verifyDirectToken } from './resume.ts';
import { renderEnrollmentCodeMail } from './code-mail.ts';
import { requestLanguage } from '../../lib/mail-i18n.ts';
import { scheduleReminders } from '../reminders/service.ts';

declare module '../../db/schema.ts' {
  interface EnrollmentsTable {
    resume_expires_at: Date | string | null;
    /** The session that opened the current code's direct-continue link (a link opens in one browser). */
    direct_link_session: string | null;
  }
}

const HOUR = 3600_000;
const LINK_NOT_VALID = 'This link is not valid or has expired';

/** Save & Continue Later (the enrollment code by e-mail), continue with code and e-mail, and the signed direct link. */
const saveLaterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/save-enrollment',
    { schema: { tags: ['enrollment'], body: ZSaveEnrollmentRequest, response: responses(z.object({ message: z.string() }).passthrough()) } },
    async (request) => {
      const body = request.body;
      if (body.tab === 'cart_info') return ok(await sendQuote(app, request, body));
      await app.rateLimiter.enforce(`save-enrollment:ip:${request.ip}`, 30, HOUR);
      // Ownership first: a stranger must not use up the owner's per-enrollment allowance.
      await loadOwnedEnrollment(request, body.enrollment_id);
      await app.rateLimiter.enforce(`save-enrollment:enr:${body.enrollment_id}`, 10, HOUR);
      // Any address may be typed (the alternate e-mail): limited per enrollment and per recipient, per day.
      await app.rateLimiter.enforce(`save-enrollment:enr-day:${body.enrollment_id}`, SAVE_LATER_LIMITS.perEnrollmentPerDay, SAVE_LATER_LIMITS.windowMs);
      await app.rateLimiter.enforce(`save-enrollment:to:${app.sealer.digest(body.email.toLowerCase())}`, SAVE_LATER_LIMITS.perRecipient, SAVE_LATER_LIMITS.windowMs, TOO_MANY_CODES_TO_ADDRESS);
      // Links only ever point at a configured origin (plugins/origins.ts), never at the request's Host.
      const origin = await app.origins.linkOrigin(request);
      await app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, body.enrollment_id, trx, { forUpdate: true });
        if (body.data !== undefined && body.data !== null) await saveStepData(app, trx, e, body.tab, body.data);
        const code = await issueResumeCode(app, trx, e.id, body.email, body.tab);
        const link = directContinueLink(app, origin, e.id, resumeCodeHash(app, code), body.tab);
        // The language of this page is the language of this mail and of the reminders that follow it.
        const lang = requestLanguage(request);
        await trx.updateTable('enrollments').set({ mail_lang: lang }).where('id', '=', e.id).execute();
        await app.mailer.enqueue(trx, { kind: 'enrollment-code', to: body.email, enrollmentId: e.id, holdsSecret: true, ...renderEnrollmentCodeMail(lang, { code, origin, link }) });
        await scheduleReminders(app, trx, e, origin);
      });
      app.mailer.flushSoon();
      return ok({ message: 'Information Saved!!! Check your email to continue' });
    },
  );

  app.post(
    '/api/v1/continue-enrollment',
    { schema: { tags: ['enrollment'], body: ZContinueForm, response: responses(ZContinueResult) } },
    async (request) => {
      const { code, email } = request.body;
      const normEmail = email.trim().toLowerCase();
      await app.rateLimiter.enforce(`continue:ip:${request.ip}`, 20, 15 * 60_000);
      await app.rateLimiter.enforce(`continue:email:${normEmail}`, 5, 15 * 60_000);
      // Per code too: one code tried with many e-mail addresses.
      await app.rateLimiter.enforce(`continue:code:${resumeCodeHash(app, code)}`, 5, 15 * 60_000);
      const e = await app.db
        .selectFrom('enrollments')
        .selectAll()
        .where('resume_code_hash', 'in', resumeCodeHashes(app, code))
        .executeTakeFirst();
      // One answer whether the code is unknown, used up, expired or given with another e-mail: a guess learns nothing.
      const expired = e?.resume_expires_at && new Date(e.resume_expires_at) < new Date();
      if (!e || e.status === 'completed' || expired || (e.resume_email ?? '').toLowerCase() !== normEmail) throw fieldError('code', CONTINUE_FAILED);
      await request.updateSession({ resumed: [...new Set([...(request.session.data.resumed ?? []), e.id])].slice(-20) });
      return ok(continueResult(e));
    },
  );

  app.get(
    '/api/v1/direct-continue/:id',
    { schema: { tags: ['enrollment'], params: z.object({ id: z.string().min(1).max(400) }), response: responses(ZContinueResult) } },
    async (request) => {
      await app.rateLimiter.enforce(`direct-continue:ip:${request.ip}`, 30, 15 * 60_000);
      const id = verifyDirectToken(app, request.params.id);
      if (!id) throw new HttpError(404, LINK_NOT_VALID);
      const e = await app.db.selectFrom('enrollments').selectAll().where('id', '=', id.enrollmentId).executeTakeFirst();
      const expired = !e?.resume_expires_at || new Date(e.resume_expires_at) < new Date();
      if (!e || e.status === 'completed' || expired || !id.check(e.resume_code_hash)) throw new HttpError(404, LINK_NOT_VALID);
      // The link opens in one browser: the first session to use it takes it (atomically); any other is refused.
      const session = await request.ensureSession();
      const taken = await app.db
        .updateTable('enrollments')
        .set({ direct_link_session: session })
        .where('id', '=', e.id)
        .where('resume_code_hash', '=', e.resume_code_hash)
        .where((eb) => eb.or([eb('direct_link_session', 'is', null), eb('direct_link_session', '=', session)]))
        .executeTakeFirst();
      if (!Number(taken.numUpdatedRows)) throw new HttpError(404, LINK_NOT_VALID);
      await request.updateSession({ resumed: [...new Set([...(request.session.data.resumed ?? []), e.id])].slice(-20) });
      return ok(continueResult(e));
    },
  );
};
export default saveLaterRoutes;
