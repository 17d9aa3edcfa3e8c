import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '@store/domain/contract/rep-licensing';
import { requireAccount } from '../../lib/access.ts';
import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { importLicenses, repLicensing, saveRepLicensing } from './console-service.ts';
import { ensureExpiryJob, expiryJob, LICENSE_EXPIRY_KIND } from './expiry.ts';

/**
 * Rep licensing in the console (issue 39): a rep's NPN, licenses and appointments, the license CSV; and the daily
 * job that tells reps and operators of licenses expiring within 30 days. Operators only: anyone else 401/403.
 */
const repLicensingRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  deps.jobs.handle(LICENSE_EXPIRY_KIND, (trx, job) => expiryJob(deps, trx, job));
  app.addHook('onReady', () => ensureExpiryJob(deps));
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      requireAccount(request, ['operator']);
    });
    route(admin, c.getRepLicensing, async (request) => ok(await repLicensing(deps.db, request.params.id)));
    route(admin, c.saveRepLicensing, async (request) =>
      ok(await saveRepLicensing(deps, actorOf(request), request.params.id, request.body)),
    );
    route(admin, c.importRepLicenses, async (request) => ok(await importLicenses(deps, actorOf(request), request.body.csv)));
  });
};
export default repLicensingRoutes;
