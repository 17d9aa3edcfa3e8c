import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saveReviewInfo } from '@store/domain/contract/enrollment-finish';
import { ok } from '../../../lib/http.ts';
import { route } from '../../../lib/route.ts';
import { saveReviewStep } from '../complete.ts';

/**
 * Review & Confirmation (enrollment.md 2.9, 4.8): the additional notes. Next sends first_enroll=1 and completes the
 * enrollment; Save & Continue Later sends it without and only saves (docs/decisions/1000-money-path.md).
 */
const reviewRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, saveReviewInfo, async (request) => {
    await saveReviewStep(deps, actorOf(request), request.body);
    return ok({ result: true });
  });
};

export default reviewRoutes;
