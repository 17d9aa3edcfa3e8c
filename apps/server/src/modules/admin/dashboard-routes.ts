import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAdminDashboard, settleRefundDue } from '@store/domain/contract/admin-dashboard';
import { unauthorized } from '../../lib/errors.ts';
import { actorOf } from '../../lib/actor.ts';
import { settleRefundDue as settle } from '../billing/index.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { dashboard } from './dashboard-service.ts';

/** The console's first page (issue 37). No personal data beyond names: no second-factor check. */
const dashboardRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, getAdminDashboard, async () => ok(await dashboard(deps.db, deps.jobs.now())));
  // Decision 2871: a refund left to the operator, refunded by hand, marked settled by the signed-in operator.
  route(app, settleRefundDue, async (request) => {
    const { account } = actorOf(request);
    if (!account) throw unauthorized();
    return ok(await settle(deps.db, account, request.params.id, request.body.note));
  });
};
export default dashboardRoutes;
