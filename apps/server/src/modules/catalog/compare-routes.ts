import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPlanFacts, ZSaveCompareRequest } from '@store/domain/compare';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { ok, responses, zEnrollmentId, zId } from '../../lib/http.ts';
import { zCategories } from './plans-routes.ts';
import { comparison, planFacts, saveCompareIds, shoppablePlans } from './compare-service.ts';

const ZComparison = z.object({ plan_ids: z.array(z.number()), plans: z.array(ZPlanFacts) });

/**
 * Issue 10, beyond the specification: plans priced for the quote in one call (the plan list's prices, sort and
 * filter, the recommendation; with plan_id, the one plan of a plan detail page), and the comparison kept with the quote (up to four plans).
 */
const compareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/get-plan-facts',
    { schema: { tags: ['compare'], querystring: z.object({ enrollment_id: zEnrollmentId, categories: zCategories, plan_id: zId.optional() }), response: responses(z.object({ result: z.array(ZPlanFacts) })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      return ok({ result: await planFacts(app.db, e, await shoppablePlans(app.db, { categories: request.query.categories, ids: request.query.plan_id ? [request.query.plan_id] : undefined })) });
    },
  );

  app.get(
    '/api/v1/get-compare-plans',
    { schema: { tags: ['compare'], querystring: z.object({ enrollment_id: zEnrollmentId }), response: responses(ZComparison) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const plans = await comparison(app.db, e);
      return ok({ plan_ids: plans.map((p) => p.plan_id), plans });
    },
  );

  app.post(
    '/api/v1/save-compare-plans',
    { schema: { tags: ['compare'], body: ZSaveCompareRequest, response: responses(ZComparison) } },
    async (request) => {
      const plans = await app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, request.body.enrollment_id, trx, { forUpdate: true });
        await saveCompareIds(trx, e, request.body.plan_ids);
        return comparison(trx, e);
      });
      return ok({ plan_ids: plans.map((p) => p.plan_id), plans });
    },
  );
};
export default compareRoutes;
