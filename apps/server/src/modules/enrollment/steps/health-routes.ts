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
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, getHealthQuestionsPrimaryHealthInfo, async (request) =>
    ok({ result: healthQuestionsOf(app, await loadOwnedEnrollment(request, request.query.enrollment_id)) }),
  );
  // An existing member's earlier answers, only in the member's own session: a rep or group gets none (decision 2320).
  route(app, getExistingPrimaryHealthInfo, async (request) => {
    const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
    return ok({ result: isMembersOwnSession(request, e.user_id) ? await existingHealthInfo(app, e) : null });
  });
  route(app, savePrimaryHealthInfo, async (request) => {
    const { enrollment_id, ...info } = request.body;
    await saveHealthStep(app, request, enrollment_id, info);
    return ok({ result: true }, 'Health information saved');
  });
};

export default healthRoutes;
