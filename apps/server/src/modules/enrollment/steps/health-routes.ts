import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getExistingPrimaryHealthInfo,
  getHealthQuestionsPrimaryHealthInfo,
  savePrimaryHealthInfo,
} from '@store/domain/contract/enrollment-finish';
import { ok } from '../../../lib/http.ts';
import { route } from '../../../lib/route.ts';
import { isMembersOwnSession, loadOwnedEnrollment } from '../../../lib/access.ts';
import { existingHealthInfo, healthQuestionsOf, saveHealthStep } from './health-service.ts';

/** Primary health questions (enrollment.md 2.7, 4.6). */
const healthRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, getHealthQuestionsPrimaryHealthInfo, async (request) =>
    ok({ result: healthQuestionsOf(deps, await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db)) }),
  );
  // An existing member's earlier answers, only in the member's own session: a rep or group gets none (decision 2320).
  route(app, getExistingPrimaryHealthInfo, async (request) => {
    const e = await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db);
    return ok({ result: isMembersOwnSession(actorOf(request), e.user_id) ? await existingHealthInfo(deps, e) : null });
  });
  route(app, savePrimaryHealthInfo, async (request) => {
    const { enrollment_id, ...info } = request.body;
    await saveHealthStep(deps, actorOf(request), enrollment_id, info);
    return ok({ result: true }, 'Health information saved');
  });
};

export default healthRoutes;
