import type { FastifyPluginAsync } from 'fastify';
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
const consentRoutes: FastifyPluginAsync = async (app) => {
  // Payment authorizations past their keeping time (two years after the last debit): a job scheduled when it is set.
  app.jobs.handle(PURGE_KIND, (trx, job) => purgeJob(app, trx, job));

  route(app, giveEsignConsent, async (request) => {
    const { enrollment_id, version, language } = request.body;
    await app.db.transaction().execute(async (trx) => {
      const e = await loadOpenEnrollment(request, enrollment_id, trx, { forUpdate: true });
      await give(trx, e.id, version, language, request);
    });
    return ok({ result: true });
  });

  route(app, getEsignConsent, async (request) => {
    const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
    const ev = await esignConsentOf(app.db, e.id);
    return ok({ agreed: ev?.detail.version === ESIGN_VERSION, version: ESIGN_VERSION });
  });
};

export default consentRoutes;
