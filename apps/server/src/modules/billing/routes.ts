import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../../lib/deps.ts';
import { BILLING_DAY_KIND, billingDayJob, ensureBillingDayJob } from './job.ts';
import ledgerRoutes from './ledger-routes.ts';

/** Premiums collected (issue 36): the billing day's job, in every store process. */
const billingRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  deps.jobs.handle(BILLING_DAY_KIND, (trx, job) => billingDayJob(deps, trx, job));
  app.addHook('onReady', () => ensureBillingDayJob(deps));
  // The ledger's readers: the member's Payments, the rep's standing, the console's ledger and NACHA files.
  await app.register(ledgerRoutes, { deps });
};
export default billingRoutes;
