import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../../lib/deps.ts';
import { actorOf } from '../../lib/actor.ts';
import { ESIGN_VERSION } from '@store/domain/consent';
import { getEsignConsent, giveEsignConsent } from '@store/domain/contract/consent';
import { route } from '../../lib/route.ts';
import { ok } from '../../lib/http.ts';
import { loadOpenEnrollment, loadOwnedEnrollment } from '../../lib/access.ts';
import { esignConsentOf, giveEsignConsent as give } from './esign.ts';
import { PURGE_KIND, purgeJob } from './retention.ts';

/**
 * Proof of consent (issue 22): the ESIGN consent, and the keeping of payment authorizations and documents. The payment
 * authorization and the signed application themselves belong to the enrollment (modules/enrollment, decision 2360).
 */
const consentRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  // Payment authorizations past their keeping time (two years after the last debit): a job scheduled when it is set.
  deps.jobs.handle(PURGE_KIND, (trx, job) => purgeJob(deps, trx, job));

  route(app, giveEsignConsent, async (request) => {
    const { enrollment_id, version, language } = request.body;
    const actor = actorOf(request);
    await deps.db.transaction().execute(async (trx) => {
      const e = await loadOpenEnrollment(actor, enrollment_id, trx, { forUpdate: true });
      await give(trx, e.id, version, language, actor);
    });
    return ok({ result: true });
  });

  route(app, getEsignConsent, async (request) => {
    const e = await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db);
    const ev = await esignConsentOf(deps.db, e.id);
    return ok({ agreed: ev?.detail.version === ESIGN_VERSION, version: ESIGN_VERSION });
  });
};

export default consentRoutes;
