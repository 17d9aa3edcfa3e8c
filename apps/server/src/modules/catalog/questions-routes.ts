import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as catalog from '@store/domain/contract/catalog';
import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { noContent, ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { aflacQuestions, answeredState, questionsOf, saveAflac, saveAnswers } from './questions-service.ts';

const SAVED = 'Your answers have been saved.';

/** Plan questionnaires (Enroll Now) and Aflac-type questions. */
const questionsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, catalog.getQuestions, async (request) =>
    ok({ result: await questionsOf(deps, actorOf(request), request.query.enrollment_id, request.query.plan_id) }),
  );

  route(app, catalog.saveQuestionAnswers, async (request) => {
    const decline = await saveAnswers(deps, actorOf(request), request.body);
    if (decline) return ok({ declined: true, errorCode: 'declineError', message: decline }, decline);
    return ok({ declined: false, errorCode: null, message: SAVED }, SAVED);
  });

  route(app, catalog.checkAlreadyAnswered, async (request) =>
    ok(await answeredState(deps, actorOf(request), request.query.enrollment_id, request.query.plan_id)),
  );

  route(app, catalog.getAflacQuestions, async (request, reply) => {
    const answer = await aflacQuestions(deps, actorOf(request), request.query.enrollment_id, request.query.plan_id);
    return answer ? ok(answer) : noContent(reply);
  });

  route(app, catalog.saveAflacQuestions, async (request) => {
    await saveAflac(deps, actorOf(request), request.body);
    return ok({ status: true }, SAVED);
  });
};
export default questionsRoutes;
