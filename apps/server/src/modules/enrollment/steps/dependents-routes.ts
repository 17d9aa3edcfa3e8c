import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthQuestionsResult } from '@store/domain/health';
import {
  deleteDependentInIO,
  getDependentsExistingUserEnrollment,
  getFormFieldsDependentPrimaryInfo,
  getHealthQuestionsDependentInfo,
  saveDependentInfo,
  saveDependentInfoToTemp,
  validateSingleDependent,
} from '@store/domain/contract/enrollment-finish';
import { ok } from '../../../lib/http.ts';
import { route } from '../../../lib/route.ts';
import { loadOwnedEnrollment } from '../../../lib/access.ts';
import { loadOpenEnrollment } from '../../../lib/access.ts';
import { DEPENDENT_DISCLAIMER, DEPENDENT_FIELDS, deleteDependentsInIO, dependentsOf, saveDependentsStep } from './dependents-service.ts';

/** Dependents (enrollment.md 2.8, 4.7): the list, validation, the temporary store and the final save. */
const dependentsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, getDependentsExistingUserEnrollment, async (request) =>
    ok({ result: await dependentsOf(deps, await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db)) }),
  );
  route(app, getFormFieldsDependentPrimaryInfo, async (request) => {
    await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db);
    return ok({
      result: DEPENDENT_FIELDS.map(([field_name, required]) => ({ field_name, required, read_only: false, value: null })),
      disclaimer: DEPENDENT_DISCLAIMER,
    });
  });
  route(app, getHealthQuestionsDependentInfo, async (request) => {
    await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db);
    return ok({ result: healthQuestionsResult() });
  });
  route(app, validateSingleDependent, async (request) => {
    await loadOpenEnrollment(actorOf(request), request.body.enrollment_id, deps.db);
    return ok({ result: true });
  });
  route(app, saveDependentInfo, async (request) =>
    ok({ result: await saveDependentsStep(deps, actorOf(request), request.body.enrollment_id, request.body.dependents, true) }),
  );
  route(app, saveDependentInfoToTemp, async (request) =>
    ok({ result: await saveDependentsStep(deps, actorOf(request), request.body.enrollment_id, request.body.dependents, false) }),
  );
  route(app, deleteDependentInIO, async (request) => {
    await deleteDependentsInIO(deps, actorOf(request), request.body.enrollment_id);
    return ok({ result: true });
  });
};

export default dependentsRoutes;
