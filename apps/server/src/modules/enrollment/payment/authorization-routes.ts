import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
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
const authorizationRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  route(app, getPaymentAuthorization, async (request) => {
    const e = await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db);
    const a = await currentAuthorization(deps.db, e, consentLang(requestLanguage(request)));
    return ok({
      required: a.required,
      method: a.method,
      text: a.text,
      text_sha256: a.text_sha256,
      accepted: a.required && (await isAuthorized(deps.db, e)),
    });
  });

  route(app, acceptPaymentAuthorization, async (request) => {
    await deps.db.transaction().execute(async (trx) => {
      const actor = actorOf(request);
      const e = await loadForStep(actor, trx, request.body.enrollment_id, null);
      await acceptAuthorization(deps, trx, e, { text_sha256: request.body.text_sha256 }, consentLang(actor.lang), actor);
    });
    deps.mailer.flushSoon();
    return ok({ result: true });
  });
};

export default authorizationRoutes;
