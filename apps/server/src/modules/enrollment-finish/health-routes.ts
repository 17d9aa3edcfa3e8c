import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getExistingPrimaryHealthInfo,
  getHealthQuestionsPrimaryHealthInfo,
  savePrimaryHealthInfo,
} from '@store/domain/contract/enrollment-finish';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { existingHealthInfo, healthQuestionsOf, saveHealthStep } from './health-service.ts';

/** Primary health questions (enrollment.md 2.7, 4.6). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, getHealthQuestionsPrimaryHealthInfo, async (request) =>
    ok({ result: healthQuestionsOf(app, await loadOwnedEnrollment(request, request.query.enrollment_id)) }),
  );
  route(app, getExistingPrimaryHealthInfo, async (request) =>
    ok({ result: await existingHealthInfo(app, await loadOwnedEnrollment(request, request.query.enrollment_id)) }),
  );
  route(app, savePrimaryHealthInfo, async (request) => {
    const { enrollment_id, ...info } = request.body;
    await saveHealthStep(app, request, enrollment_id, info);
    return ok({ result: true }, 'Health information saved');
  });
};

export default healthRoutes;
