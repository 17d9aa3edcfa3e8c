import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAdminDashboard } from '@store/domain/contract/admin-dashboard';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { dashboard } from './dashboard-service.ts';

/** The console's first page (issue 37). No personal data beyond names: no second-factor check. */
const dashboardRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, getAdminDashboard, async () => ok(await dashboard(deps.db, deps.jobs.now())));
};
export default dashboardRoutes;
