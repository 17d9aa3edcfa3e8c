import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../lib/access.ts';
import siteRoutes from './sites-routes.ts';
import peopleRoutes from './people-routes.ts';
import planRoutes from './plans-routes.ts';
import enrollmentRoutes from './enrollments-routes.ts';
import outboxRoutes from './outbox-routes.ts';
import leadsRoutes from './leads-routes.ts';
import dashboardRoutes from './dashboard-routes.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/**
 * The operator console's API under /api/admin. Every route needs a signed-in operator: anyone else
 * (anonymous, rep, group administrator, member) gets 401 and nothing else.
 */
const adminRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      requireAccount(request, ['operator']);
    });
    await admin.register(siteRoutes, { deps });
    await admin.register(peopleRoutes, { deps });
    await admin.register(planRoutes, { deps });
    await admin.register(enrollmentRoutes, { deps });
    await admin.register(outboxRoutes, { deps });
    await admin.register(leadsRoutes, { deps });
    await admin.register(dashboardRoutes, { deps });
  });
};
export default adminRoutes;
