import type { FastifyPluginAsync } from 'fastify';
import { consentLang } from '@store/domain/consent';
import { acceptPaymentAuthorization, getPaymentAuthorization } from '@store/domain/contract/consent';
import { route } from '../../../lib/route.ts';
import { ok } from '../../../lib/http.ts';
import { loadOwnedEnrollment } from '../../../lib/access.ts';
import { loadForStep } from '../loader.ts';
import { requestLanguage } from '../../../lib/mail-i18n.ts';
import { acceptAuthorization, currentAuthorization, isAuthorized } from './authorization.ts';

/** The billing step's payment authorization (issue 22): its text in the person's language, and its acceptance. */
const authorizationRoutes: FastifyPluginAsync = async (app) => {
  route(app, getPaymentAuthorization, async (request) => {
    const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
    const a = await currentAuthorization(app.db, e, consentLang(requestLanguage(request)));
    return ok({
      required: a.required,
      method: a.method,
      text: a.text,
      text_sha256: a.text_sha256,
      accepted: a.required && (await isAuthorized(app.db, e)),
    });
  });

  route(app, acceptPaymentAuthorization, async (request) => {
    await app.db.transaction().execute(async (trx) => {
      const e = await loadForStep(request, trx, request.body.enrollment_id, null);
      await acceptAuthorization(app, trx, e, { text_sha256: request.body.text_sha256 }, consentLang(requestLanguage(request)), request);
    });
    app.mailer.flushSoon();
    return ok({ result: true });
  });
};

export default authorizationRoutes;
