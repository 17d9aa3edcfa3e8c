import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPENSATION_TYPES, EMPLOYMENT_STATUSES, HOLIDAY_FLAGS, ZSaveEmployerInfoRequest } from '@store/domain/enrollment';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { readTab } from './service.ts';
import { fieldDefs, fieldDefsResponse } from './field-defs.ts';
import { groupIdOf, saveEmployerInfo } from './step-savers.ts';
import { recordEvent } from '../consent/service.ts';

const EMPLOYER_FIELDS: [string, boolean, boolean?][] = [
  ['name', true],
  ['phone', true],
  ['address1', true],
  ['address2', false],
  ['city', true],
  ['zip', true],
  ['state', true],
  ['with_validation', true],
  ['average_work_week', true],
  ['employment_start_date', true],
  ['occupation', true],
  ['compensation_type', true],
  ['employment_status', true],
  ['emp_industry', true],
  ['emp_num_employed', true],
  ['emp_vac_policy', true],
  ['emp_barg_unit', true],
  ['holiday_policy', true],
];

export const AVERAGE_WORK_WEEKS = [
  { name: 'Less than 20 hours', value: 'L20' },
  { name: '20 to 29 hours', value: '20-29' },
  { name: '30 to 39 hours', value: '30-39' },
  { name: '40 hours or more', value: '40+' },
];
export const VACATION_POLICIES = [
  { name: 'None', value: 'none' },
  { name: '1 week', value: '1w' },
  { name: '2 weeks', value: '2w' },
  { name: '3 weeks', value: '3w' },
  { name: '4 weeks or more', value: '4w+' },
];
export const BARGAINING_UNITS = [
  { name: 'No', value: 'no' },
  { name: 'Yes, union member', value: 'yes' },
];
export const HOLIDAY_POLICIES: { name: string; value: (typeof HOLIDAY_FLAGS)[number] }[] = [
  { name: 'Standard 6 holidays', value: 'Standard_6' },
  { name: "Presidents' Day", value: 'Presendents_Day' },
  { name: 'Columbus Day', value: 'Columbus_Day' },
  { name: 'Religious days', value: 'Religious_Days' },
  { name: 'Birthday', value: 'Birthday' },
  { name: 'Floating day', value: 'Floating_Day' },
];

const ZOptions = responses(z.object({ result: z.array(z.object({ name: z.string(), value: z.string() })) }));

/** Employer information, its option lists and the group info that prefills it. */
const employerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/get-form-fields-employer-info',
    { schema: { tags: ['enrollment'], querystring: z.object({ enrollment_id: zEnrollmentId }), response: fieldDefsResponse } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      return ok({ result: fieldDefs(EMPLOYER_FIELDS, readTab(e, 'employer_info')) });
    },
  );
  app.get(
    '/api/v1/get-group-info',
    {
      schema: {
        tags: ['enrollment'],
        querystring: z.object({ enrollment_id: zEnrollmentId }),
        response: responses(
          z.object({
            general_info: z.object({ group_name: z.string(), group_phone: z.string() }),
            address_information: z.object({ address1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
          }),
        ),
      },
    },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const gid = groupIdOf(e);
      const g = gid ? await app.db.selectFrom('groups').selectAll().where('group_id', '=', gid).executeTakeFirst() : undefined;
      return ok({
        general_info: { group_name: g?.gname ?? '', group_phone: g?.phone ?? '' },
        address_information: { address1: g?.address1 ?? '', city: g?.city ?? '', state: g?.state ?? '', zip: g?.zip ?? '' },
      });
    },
  );
  const list = (path: string, items: readonly { name: string; value: string }[]) =>
    app.get(path, { schema: { tags: ['enrollment'], querystring: z.object({ enrollment_id: z.string().max(64).optional() }), response: ZOptions } }, async () =>
      ok({ result: items.map((i) => ({ name: i.name, value: i.value })) }),
    );
  list('/api/v1/get-average-work-week', AVERAGE_WORK_WEEKS);
  list('/api/v1/get-employment-status', EMPLOYMENT_STATUSES);
  list('/api/v1/get-compensation-types', COMPENSATION_TYPES);
  list('/api/v1/get-vacation-policy', VACATION_POLICIES);
  list('/api/v1/get-bargaining-unit', BARGAINING_UNITS);
  list('/api/v1/get-holiday-policy', HOLIDAY_POLICIES);

  app.post(
    '/api/v1/save-employer-info',
    { schema: { tags: ['enrollment'], body: ZSaveEmployerInfoRequest, response: responses(z.object({ result: z.record(z.string(), z.unknown()) })) } },
    async (request) => {
      const { enrollment_id, ...input } = request.body;
      const saved = await app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, enrollment_id, trx, { forUpdate: true });
        await recordEvent(trx, e.id, 'step_saved', { step: 'employer_info' }, request);
        return saveEmployerInfo(app, trx, e, input);
      });
      return ok({ result: saved }, 'Employer information saved');
    },
  );
};
export default employerRoutes;
