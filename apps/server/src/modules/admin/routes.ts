import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../lib/access.ts';
import siteRoutes from './sites-routes.ts';
import peopleRoutes from './people-routes.ts';
import planRoutes from './plans-routes.ts';
import enrollmentRoutes from './enrollments-routes.ts';
import outboxRoutes from './outbox-routes.ts';
import leadsRoutes from './leads-routes.ts';

/**
 * The operator console's API under /api/admin. Every route needs a signed-in operator: anyone else
 * (anonymous, rep, group administrator, member) gets 401 and nothing else.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      requireAccount(request, ['operator']);
    });
    await admin.register(siteRoutes);
    await admin.register(peopleRoutes);
    await admin.register(planRoutes);
    await admin.register(enrollmentRoutes);
    await admin.register(outboxRoutes);
    await admin.register(leadsRoutes);
  });
};
export default adminRoutes;
