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
const beneficiaryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, getFormFieldsBeneficiaryInfo, async (request) => {
    await loadOwnedEnrollment(request, request.query.enrollment_id);
    return ok({ result: beneficiaryFieldDefs() });
  });
  route(app, getBeneficiaryRelationships, async () => ok({ result: BENEFICIARY_RELATIONSHIPS.map((r) => ({ name: r, value: r })) }));
  route(app, getBeneficiariesExistingUserEnrollment, async (request) =>
    ok({ result: savedBeneficiaries(await loadOwnedEnrollment(request, request.query.enrollment_id)) }),
  );
  route(app, validateSingleBeneficiary, async (request) => {
    await loadOwnedEnrollment(request, request.body.enrollment_id);
    return ok({ valid: true });
  });
  route(app, saveBeneficiaryInfo, async (request) =>
    ok(
      { result: await saveBeneficiaryStep(app, request, request.body.enrollment_id, request.body.beneficiaries) },
      'Beneficiary information saved',
    ),
  );
};
export default beneficiaryRoutes;
