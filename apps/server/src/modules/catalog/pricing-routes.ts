import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as catalog from '@store/domain/contract/catalog';
import { ENROLLMENT_ID_MESSAGE } from '@store/domain/pricing';
import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { disabilityCheck, membershipPricing, planPricing, prudentialCheck, storeTempDependent, tempDependent } from './pricing-service.ts';

/** Server-side pricing and eligibility, Prudential and disability checks, the dependent popup. */
const pricingRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, catalog.getPlanPricingDetail, async (request) => {
    const answer = await planPricing(deps, actorOf(request), request.query.pid, request.query.enrollment_id);
    return ok(answer, answer.message ?? undefined);
  });

  route(app, catalog.getMembershipPricing, async (request) => {
    if (!request.query.enrollment_id) return ok({ plans: [], association_text: null }, ENROLLMENT_ID_MESSAGE);
    return ok(await membershipPricing(deps, actorOf(request), request.query.enrollment_id));
  });

  route(app, catalog.checkPrudentialPlan, async (request) =>
    ok(await prudentialCheck(deps, actorOf(request), request.query.enrollment_id, request.query.plan_id)),
  );
  route(app, catalog.checkDisabilityPlan, async (request) =>
    ok(await disabilityCheck(deps, actorOf(request), request.query.enrollment_id, request.query.plan_id)),
  );
  route(app, catalog.storeTempDependentInfo, async (request) =>
    ok(await storeTempDependent(deps, actorOf(request), request.body), 'Dependent information saved'),
  );
  route(app, catalog.getTempDependentInfo, async (request) => ok(await tempDependent(deps, actorOf(request), request.query.enrollment_id)));
};
export default pricingRoutes;
