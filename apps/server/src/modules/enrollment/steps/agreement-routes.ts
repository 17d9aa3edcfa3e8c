import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AGREEMENT_TEXTS } from '@store/domain/agreement';
import { getAgreementTexts, getFormFieldsAgreementInfo, saveAgreementInfo } from '@store/domain/contract/enrollment-finish';
import { ok } from '../../../lib/http.ts';
import { route } from '../../../lib/route.ts';
import { loadOwnedEnrollment } from '../../../lib/access.ts';
import { agreementFormOf, purgeAbandonedSignatures, saveAgreementStep } from './agreement-service.ts';

/** Agreement & Signature (enrollment.md 2.10, 4.9): texts, verification fields, the signature (PNG in media), drawn or typed. */
const agreementRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, getAgreementTexts, async (request) => {
    await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db);
    return ok(AGREEMENT_TEXTS);
  });
  route(app, getFormFieldsAgreementInfo, async (request) =>
    ok(await agreementFormOf(deps, await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db))),
  );
  route(app, saveAgreementInfo, async (request) => {
    await saveAgreementStep(deps, actorOf(request), request.body);
    return ok({ result: true });
  });
  // Hourly, like the screenshots' purge: signatures of enrollments nobody can finish any more (issue 34).
  const purge = setInterval(
    () => void purgeAbandonedSignatures(app).catch((err) => deps.log.warn({ err }, 'signature purge failed')),
    3600_000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
};

export default agreementRoutes;
