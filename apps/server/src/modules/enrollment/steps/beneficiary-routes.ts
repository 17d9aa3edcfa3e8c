import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BENEFICIARY_RELATIONSHIPS } from '@store/domain/enrollment-beneficiaries';
import {
  getBeneficiariesExistingUserEnrollment,
  getBeneficiaryRelationships,
  getFormFieldsBeneficiaryInfo,
  saveBeneficiaryInfo,
  validateSingleBeneficiary,
} from '@store/domain/contract/enrollment';
import { ok } from '../../../lib/http.ts';
import { route } from '../../../lib/route.ts';
import { loadOwnedEnrollment } from '../../../lib/access.ts';
import { beneficiaryFieldDefs, saveBeneficiaryStep, savedBeneficiaries } from './steps-service.ts';

/** Beneficiaries: field definitions, relationships, the saved list, validation and the save. */
const beneficiaryRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, getFormFieldsBeneficiaryInfo, async (request) => {
    await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db);
    return ok({ result: beneficiaryFieldDefs() });
  });
  route(app, getBeneficiaryRelationships, async () => ok({ result: BENEFICIARY_RELATIONSHIPS.map((r) => ({ name: r, value: r })) }));
  route(app, getBeneficiariesExistingUserEnrollment, async (request) =>
    ok({ result: savedBeneficiaries(await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db)) }),
  );
  route(app, validateSingleBeneficiary, async (request) => {
    await loadOwnedEnrollment(actorOf(request), request.body.enrollment_id, deps.db);
    return ok({ valid: true });
  });
  route(app, saveBeneficiaryInfo, async (request) =>
    ok(
      { result: await saveBeneficiaryStep(deps, actorOf(request), request.body.enrollment_id, request.body.beneficiaries) },
      'Beneficiary information saved',
    ),
  );
};
export default beneficiaryRoutes;
