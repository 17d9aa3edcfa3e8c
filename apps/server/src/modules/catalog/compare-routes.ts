import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as catalog from '@store/domain/contract/catalog';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { quoteComparison, quotePlanFacts, saveComparison } from './compare-service.ts';

/**
 * Issue 10, beyond the specification: plans priced for the quote in one call (the plan list's prices, sort and
 * filter, the recommendation; with plan_id, the one plan of a plan detail page), and the comparison kept with the quote (up to four plans).
 */
const compareRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, catalog.getPlanFacts, async (request) => ok({ result: await quotePlanFacts(app, request, request.query) }));
  route(app, catalog.getComparePlans, async (request) => ok(await quoteComparison(app, request, request.query.enrollment_id)));
  route(app, catalog.saveComparePlans, async (request) => ok(await saveComparison(app, request, request.body)));
};
export default compareRoutes;
