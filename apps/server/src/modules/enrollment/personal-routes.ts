import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ETHNIC_CATEGORIES, ZSaveEnrollerCodeRequest, ZSavePersonalInfoRequest } from '@store/domain/enrollment';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { filterOf, readTab } from './service.ts';
import { fieldDefs, fieldDefsResponse } from './field-defs.ts';
import { needsEnrollerCode, offersEnrollerCode, savePersonalInfo, visible } from './step-savers.ts';
import { recordEvent } from '../consent/service.ts';

const PERSONAL_FIELDS: [string, boolean, boolean?][] = [
  ['first_name', true],
  ['middle_name', false],
  ['last_name', true],
  ['weight', true],
  ['height_feet', true],
  ['height_inch', true],
  ['gender', true, true],
  ['marital_status', true],
  ['ssn', true],
  ['birthdate', true, true],
  ['ethnic_category', false],
  ['ethnic_category_other_type', false],
  ['prior_coverage_flag', false],
  ['prior_carrier_name', false],
  ['prior_effective_date', false],
  ['prior_term_date', false],
];

const personalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/get-form-fields-personal-info',
    { schema: { tags: ['enrollment'], querystring: z.object({ enrollment_id: zEnrollmentId }), response: fieldDefsResponse } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const filter = filterOf(e);
      const saved = visible(readTab(e, 'primary_info')) ?? {};
      const values = { ...saved, gender: String(filter.gender ?? saved.gender ?? ''), birthdate: String(filter.dob ?? saved.birthdate ?? '') };
      const defs = fieldDefs(PERSONAL_FIELDS, values);
      // The enroller-code entry: offered to reps and groups 2556/2512, required for those groups.
      if (offersEnrollerCode(e)) defs.push({ field_name: 'enroller_code', required: needsEnrollerCode(e), read_only: false, value: e.enroller_code ?? '' });
      return ok({ result: defs });
    },
  );

  app.get(
    '/api/v1/get-ethnic-category',
    { schema: { tags: ['enrollment'], response: responses(z.array(z.object({ id: z.number(), name: z.string() }))) } },
    async () => ok(ETHNIC_CATEGORIES.map((c) => ({ id: c.id, name: c.name }))),
  );

  app.post(
    '/api/v1/save-personal-info',
    { schema: { tags: ['enrollment'], body: ZSavePersonalInfoRequest, response: responses(z.object({ result: z.record(z.string(), z.unknown()) })) } },
    async (request) => {
      const { enrollment_id, ...input } = request.body;
      // Two statements, no transaction (the hottest write of the wizard): the ownership check reads the row, and
      // writeTab replaces only this step's key in one UPDATE, so a concurrent save of another step is not lost.
      const e = await loadOwnedEnrollment(request, enrollment_id);
      const saved = await app.db.transaction().execute(async (trx) => (await recordEvent(trx, e.id, 'step_saved', { step: 'primary_info' }, request), savePersonalInfo(app, trx, e, input)));
      return ok({ result: visible(saved) ?? {} }, 'Personal information saved');
    },
  );

  app.post(
    '/api/v1/save-enroller-code',
    { schema: { tags: ['enrollment'], body: ZSaveEnrollerCodeRequest, response: responses(z.object({ enrollerCode: z.string() })) } },
    async (request) => {
      const { enrollment_id, enrollerCode } = request.body;
      await app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, enrollment_id, trx, { forUpdate: true });
        await trx.updateTable('enrollments').set({ enroller_code: enrollerCode.toUpperCase(), updated_at: new Date() }).where('id', '=', e.id).execute();
      });
      return ok({ enrollerCode: enrollerCode.toUpperCase() }, 'Enroller code saved');
    },
  );
};
export default personalRoutes;
