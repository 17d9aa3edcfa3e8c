import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as catalog from '@store/domain/contract/catalog';
import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { quoteComparison, quotePlanFacts, saveComparison } from './compare-service.ts';

/**
 * Issue 10, beyond the specification: plans priced for the quote in one call (the comparison's, the recommendation's;
 * with plan_id, the one plan of a plan detail page), and the comparison kept with the quote (up to four plans).
 */
const compareRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, catalog.getPlanFacts, async (request) => ok({ result: await quotePlanFacts(deps, actorOf(request), request.query) }));
  route(app, catalog.getComparePlans, async (request) => ok(await quoteComparison(deps, actorOf(request), request.query.enrollment_id)));
  route(app, catalog.saveComparePlans, async (request) => ok(await saveComparison(deps, actorOf(request), request.body)));
};
export default compareRoutes;
