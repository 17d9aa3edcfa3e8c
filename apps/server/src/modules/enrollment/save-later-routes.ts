import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSaveEnrollmentRequest } from '@store/domain/save-enrollment';
import { CONTINUE_FAILED, ZContinueForm, ZContinueResult } from '@store/domain/enrollment';
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
  }
}

const HOUR = 3600_000;

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
      const origin = app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
      await app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, body.enrollment_id, trx, { forUpdate: true });
        if (body.data !== undefined && body.data !== null) await saveStepData(app, trx, e, body.tab, body.data);
        const code = await issueResumeCode(app, trx, e.id, body.email, body.tab);
        const link = directContinueLink(app, origin, e.id, resumeCodeHash(app, code), body.tab);
        // The language of this page is the language of this mail and of the reminders that follow it.
        const lang = requestLanguage(request);
        await trx.updateTable('enrollments').set({ mail_lang: lang }).where('id', '=', e.id).execute();
        await app.mailer.enqueue(trx, { kind: 'enrollment-code', to: body.email, enrollmentId: e.id, ...renderEnrollmentCodeMail(lang, { code, origin, link }) });
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
      if (!id) throw new HttpError(404, 'This link is not valid or has expired');
      const e = await app.db.selectFrom('enrollments').selectAll().where('id', '=', id.enrollmentId).executeTakeFirst();
      if (!e || e.status === 'completed' || !id.check(e.resume_code_hash)) throw new HttpError(404, 'This link is not valid or has expired');
      await request.updateSession({ resumed: [...new Set([...(request.session.data.resumed ?? []), e.id])].slice(-20) });
      return ok(continueResult(e));
    },
  );
};
export default saveLaterRoutes;
