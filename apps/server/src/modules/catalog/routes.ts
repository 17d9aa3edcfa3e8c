import type { FastifyPluginAsync } from 'fastify';
import plansRoutes from './plans-routes.ts';
import pricingRoutes from './pricing-routes.ts';
import questionsRoutes from './questions-routes.ts';
import membersRoutes from './members-routes.ts';
import compareRoutes from './compare-routes.ts';

/** The catalog feature (plans-and-cart.md up to add-plan-to-cart; the cart's writes are the cart module's): the app autoloads this file, it registers the rest. */
const catalogRoutes: FastifyPluginAsync = async (app) => {
  await app.register(plansRoutes);
  await app.register(pricingRoutes);
  await app.register(questionsRoutes);
  await app.register(membersRoutes);
  await app.register(compareRoutes);
};
export default catalogRoutes;
