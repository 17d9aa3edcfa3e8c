import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BENEFICIARY_RELATIONSHIPS, ZSaveBeneficiaryRequest, ZValidateBeneficiaryRequest } from '@store/domain/enrollment';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { readTab } from './service.ts';
import { fieldDefs, fieldDefsResponse } from './field-defs.ts';
import { saveBeneficiaries, visible } from './step-savers.ts';
import { recordEvent } from '../consent/service.ts';

const BENEFICIARY_FIELDS: [string, boolean, boolean?][] = [
  ['first_name', true],
  ['middle_name', false],
  ['last_name', true],
  ['birthdate', true],
  ['ssn', true],
  ['relationship', true],
  ['beneficiary_percentage', true],
];

const beneficiaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/get-form-fields-beneficiary-info',
    { schema: { tags: ['enrollment'], querystring: z.object({ enrollment_id: zEnrollmentId }), response: fieldDefsResponse } },
    async (request) => {
      await loadOwnedEnrollment(request, request.query.enrollment_id);
      return ok({ result: fieldDefs(BENEFICIARY_FIELDS, null) });
    },
  );
  app.get(
    '/api/v1/get-beneficiary-relationships',
    { schema: { tags: ['enrollment'], response: responses(z.object({ result: z.array(z.object({ name: z.string(), value: z.string() })) })) } },
    async () => ok({ result: BENEFICIARY_RELATIONSHIPS.map((r) => ({ name: r, value: r })) }),
  );
  app.get(
    '/api/v1/get-beneficiaries-existing-user-enrollment',
    { schema: { tags: ['enrollment'], querystring: z.object({ enrollment_id: zEnrollmentId }), response: responses(z.object({ result: z.array(z.record(z.string(), z.unknown())) })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const saved = visible(readTab<{ beneficiaries?: Record<string, unknown>[] }>(e, 'benificiary_info'));
      return ok({ result: (saved?.beneficiaries ?? []).map((b) => ({ ...b, dob: b.birthdate })) });
    },
  );
  app.post(
    '/api/v1/validate-single-beneficiary',
    { schema: { tags: ['enrollment'], body: ZValidateBeneficiaryRequest, response: responses(z.object({ valid: z.boolean() })) } },
    async (request) => {
      await loadOwnedEnrollment(request, request.body.enrollment_id);
      return ok({ valid: true });
    },
  );
  app.post(
    '/api/v1/save-beneficiary-info',
    { schema: { tags: ['enrollment'], body: ZSaveBeneficiaryRequest, response: responses(z.object({ result: z.array(z.record(z.string(), z.unknown())) })) } },
    async (request) => {
      const saved = await app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, request.body.enrollment_id, trx, { forUpdate: true });
        await recordEvent(trx, e.id, 'step_saved', { step: 'benificiary_info' }, request);
        return saveBeneficiaries(app, trx, e, request.body.beneficiaries);
      });
      return ok({ result: saved.beneficiaries }, 'Beneficiary information saved');
    },
  );
};
export default beneficiaryRoutes;
