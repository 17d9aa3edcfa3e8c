import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COVERAGES, TEMP_INFO_COLUMNS } from '@store/domain/codes';
import { TEXT } from '@store/domain/texts';
import { isoToUs } from '@store/domain/dates';
import { usDateProblem } from '@store/domain/validation';
import {
  ZAddFilterForNewUser,
  ZChangeFilterInfo,
  ZExistingUserFilter,
  ZSaveScreenshot,
  ZUpdateFilterPortal,
} from '@store/domain/quote';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldError, HttpError } from '../../lib/errors.ts';
import { changeFilter, createExistingUserFilter, createNewUserFilter, publicTab, readFilter } from './service.ts';
import { screenshotContext } from '../../db/sealed-columns.ts';
import { nextRowId } from '../../lib/next-row-id.ts';

const ZTempId = z.object({ temp_enrollment_id: z.string() });

/** The quote filter (temporary enrollment), zip and dob checks, coverages and the step screenshots. */
const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/v1/add-filter-for-new-user', { schema: { tags: ['quote'], body: ZAddFilterForNewUser, response: responses(ZTempId) } }, async (request) => {
    const id = await createNewUserFilter(app, request, request.body);
    return ok({ temp_enrollment_id: id });
  });

  app.put(
    '/api/v1/change-filter-info/:tempId',
    { schema: { tags: ['quote'], params: z.object({ tempId: zEnrollmentId }), body: ZChangeFilterInfo, response: responses(z.record(z.string(), z.unknown())) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.params.tempId);
      if (e.status === 'completed') throw new HttpError(409, 'This enrollment is already completed.');
      return ok(await changeFilter(app, e, request.body) as unknown as Record<string, unknown>, 'Filter updated');
    },
  );

  app.get(
    '/api/v1/get-enrollment-temp-info',
    { schema: { tags: ['quote'], querystring: z.object({ enrollment_id: zEnrollmentId, column: z.enum(TEMP_INFO_COLUMNS) }), response: responses(z.object({ result: z.unknown() })) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const column = request.query.column;
      let result: unknown;
      switch (column) {
        case 'filter_info':
          result = readFilter(e);
          break;
        case 'effective_date':
          result = e.effective_date ? isoToUs(e.effective_date) : null;
          break;
        case 'type':
          result = e.type;
          break;
        case 'eprocess':
          result = e.eprocess;
          break;
        case 'group_id':
          result = e.group_id;
          break;
        default:
          result = publicTab((e.tabs as Record<string, unknown>)[column]);
      }
      return ok({ result: result ?? null });
    },
  );

  const zipResult = z.object({ zip: z.string(), city: z.string(), state: z.string() });
  const checkZip = (zip: string) => {
    if (!/^\d{5}$/.test(zip)) throw fieldError('zip', TEXT.ENTER_5_DIGIT_ZIP_DOT);
    const hit = app.zips.lookup(zip);
    if (!hit) throw fieldError('zip', TEXT.INVALID_ZIP);
    return ok(hit);
  };
  app.get('/api/v1/validate-zip-code', { schema: { tags: ['quote'], querystring: z.object({ zip_code: z.string().max(20) }), response: responses(zipResult) } }, async (request) =>
    checkZip(request.query.zip_code.trim()),
  );
  app.post('/api/v1/service/validate-zip-code', { schema: { tags: ['quote'], body: z.object({ zip: z.string().max(20) }), response: responses(zipResult) } }, async (request) =>
    checkZip(request.body.zip.trim()),
  );

  app.get('/api/v2/validate-dob', { schema: { tags: ['quote'], querystring: z.object({ dob: z.string().max(20) }) } }, async (request, reply) => {
    const problem = usDateProblem(request.query.dob.trim(), { minAge: 18 });
    if (problem) {
      return reply.code(422).send({ status: 'error', message: problem, errors: { dob: [problem] }, data: [{ target_element: 'dob', error_message: problem }] });
    }
    return ok({ dob: request.query.dob.trim() });
  });

  app.get('/api/v2/coverages', { schema: { tags: ['quote'], response: responses(z.record(z.string(), z.string())) } }, async () => ok({ ...COVERAGES }));

  app.post(
    '/api/v1/add-filter-for-member',
    { schema: { tags: ['quote'], body: ZExistingUserFilter.pick({ user_id: true, tier: true, open_type: true }), response: responses(z.object({ temp_enrollment_id: z.string(), portal_id: z.number().nullable() })) } },
    async (request) => {
      const r = await createExistingUserFilter(app, request, request.body);
      return ok({ temp_enrollment_id: r.id, portal_id: r.portalId });
    },
  );

  app.post(
    '/api/v1/add-filter-for-existing-user',
    { schema: { tags: ['quote'], body: ZExistingUserFilter, response: responses(z.object({ temp_enrollment_id: z.string(), portal_id: z.number().nullable() })) } },
    async (request) => {
      const r = await createExistingUserFilter(app, request, request.body);
      return ok({ temp_enrollment_id: r.id, portal_id: r.portalId });
    },
  );

  app.post('/api/v1/update-filter-portal', { schema: { tags: ['quote'], body: ZUpdateFilterPortal, response: responses(z.object({ portal_id: z.number(), group_id: z.number().nullable() })) } }, async (request) => {
    const e = await loadOwnedEnrollment(request, request.body.enrollment_id);
    const portal = await app.db.selectFrom('portals').select('platform_group_id').where('platform_group_id', '=', request.body.platform_group_id).where('active', '=', true).executeTakeFirst();
    if (!portal) throw fieldError('platform_group_id', TEXT.CHOOSE_PLATFORM);
    let groupId = e.group_id;
    if (request.body.group_id) {
      const g = await app.db.selectFrom('groups').select(['group_id', 'agent_id']).where('group_id', '=', request.body.group_id).where('active', '=', true).executeTakeFirst();
      if (!g || (e.eprocess === 'rep' && g.agent_id !== e.agent_id)) throw fieldError('group_id', TEXT.CHOOSE_GROUP);
      groupId = g.group_id;
    }
    const filter = { ...readFilter(e), platform_group_id: portal.platform_group_id, group_id: groupId };
    await app.db
      .updateTable('enrollments')
      .set({ portal_id: portal.platform_group_id, group_id: groupId, filter_info: JSON.stringify(filter), updated_at: new Date() })
      .where('id', '=', e.id)
      .execute();
    return ok({ portal_id: portal.platform_group_id, group_id: groupId });
  });

  app.post('/api/v1/save-screenshot', { bodyLimit: 2 * 1024 * 1024, schema: { tags: ['quote'], body: ZSaveScreenshot, response: responses(z.null()) } }, async (request) => {
    const e = await loadOwnedEnrollment(request, request.body.enrollment_id);
    const png = Buffer.from(request.body.image.slice(request.body.image.indexOf(',') + 1), 'base64');
    if (png.length < 8 || png.readUInt32BE(0) !== 0x89504e47) throw fieldError('image', 'The image must be a PNG data URL');
    // Sealed like the other sensitive data: a step's image shows names, addresses and health answers.
    const id = await nextRowId(app.db, 'screenshots');
    const sealed = Buffer.from(app.sealer.seal(png.toString('base64'), screenshotContext(id)), 'utf8');
    await app.db.insertInto('screenshots').values({ id, enrollment_id: e.id, name: request.body.name, image: sealed }).execute();
    return ok(null, 'Screenshot saved');
  });
};
export default quoteRoutes;
