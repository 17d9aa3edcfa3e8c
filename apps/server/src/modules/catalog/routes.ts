import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../../lib/deps.ts';
import plansRoutes from './plans-routes.ts';
import pricingRoutes from './pricing-routes.ts';
import questionsRoutes from './questions-routes.ts';
import membersRoutes from './members-routes.ts';
import compareRoutes from './compare-routes.ts';

/**
 * The catalog feature (plans-and-cart.md up to add-plan-to-cart; the cart's writes are the cart module's): the app
 * autoloads this file with the services' dependencies (lib/deps.ts); it registers the rest with them.
 */
const catalogRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  await app.register(plansRoutes, { deps });
  await app.register(pricingRoutes, { deps });
  await app.register(questionsRoutes, { deps });
  await app.register(membersRoutes, { deps });
  await app.register(compareRoutes, { deps });
};
export default catalogRoutes;
