import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '@store/domain/contract/coverage-confirmation';
import { requireAccount, requireFreshSecondFactor } from '../../lib/access.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { ensureUnconfirmedJob, UNCONFIRMED_KIND, unconfirmedJob } from './notice.ts';
import { confirmByOperator, enrollmentCoverage, rejectByOperator, settleRejectedPremium } from './service.ts';

/**
 * Coverage confirmed by the carrier in the console (issue 39, decision 2630): an enrollment's plans with their
 * carrier's confirmation, the operator's record of a confirmation or a rejection, the settling of a rejected plan's
 * premium; and the daily job that tells reps of paid plans past their carrier's window. Operators only.
 */
const coverageConfirmationRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  deps.jobs.handle(UNCONFIRMED_KIND, (trx, job) => unconfirmedJob(deps, trx, job));
  app.addHook('onReady', () => ensureUnconfirmedJob(deps));
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      requireAccount(request, ['operator']);
    });
    const accountOf = (request: { session: { account?: { id: number } | null } }) => request.session.account!.id;
    route(admin, c.listEnrollmentCoverage, async (request) =>
      ok({ items: await enrollmentCoverage(deps.db, request.params.id, deps.jobs.now()) }),
    );
    route(admin, c.confirmCoverage, async (request) =>
      ok(await confirmByOperator(deps.db, accountOf(request), request.params.policy_id, request.body.policy_number, deps.jobs.now())),
    );
    route(admin, c.rejectCoverage, async (request) =>
      ok(await rejectByOperator(deps.db, accountOf(request), request.params.policy_id, request.body.reason, deps.jobs.now())),
    );
    route(admin, c.settleRejectedPremium, async (request) => {
      // Money leaves the store on a refund: the operator's second factor within 5 minutes (decision 2340).
      if (request.body.choice === 'refund') requireFreshSecondFactor(request);
      return ok(await settleRejectedPremium(deps, accountOf(request), request.params.policy_id, request.body, deps.jobs.now()));
    });
  });
};
export default coverageConfirmationRoutes;
