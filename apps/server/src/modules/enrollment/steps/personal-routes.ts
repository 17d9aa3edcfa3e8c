import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ETHNIC_CATEGORIES } from '@store/domain/enrollment-personal';
import { getEthnicCategory, getFormFieldsPersonalInfo, saveEnrollerCode, savePersonalInfo } from '@store/domain/contract/enrollment';
import { ok } from '../../../lib/http.ts';
import { route } from '../../../lib/route.ts';
import { loadOwnedEnrollment } from '../../../lib/access.ts';
import { personalFieldDefs, saveEnrollerCodeStep, savePersonalStep } from './steps-service.ts';

/** Personal information and the enroller code. */
const personalRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, getFormFieldsPersonalInfo, async (request) =>
    ok({ result: personalFieldDefs(await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db)) }),
  );
  route(app, getEthnicCategory, async () => ok(ETHNIC_CATEGORIES.map((c) => ({ id: c.id, name: c.name }))));
  route(app, savePersonalInfo, async (request) => {
    const { enrollment_id, ...input } = request.body;
    return ok({ result: await savePersonalStep(deps, actorOf(request), enrollment_id, input) }, 'Personal information saved');
  });
  route(app, saveEnrollerCode, async (request) =>
    ok(
      { enrollerCode: await saveEnrollerCodeStep(deps, actorOf(request), request.body.enrollment_id, request.body.enrollerCode) },
      'Enroller code saved',
    ),
  );
};
export default personalRoutes;
