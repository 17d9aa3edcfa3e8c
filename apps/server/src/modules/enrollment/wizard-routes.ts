import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TABS } from '@store/domain/codes';
import { ZDynamicTab } from '@store/domain/enrollment';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldError } from '../../lib/errors.ts';
import { TEXT } from '@store/domain/texts';
import { dynamicTabs } from './service.ts';

/** The step list (dynamic tabs), tab-required checks and the shared look-ups (states, zip). */
const wizardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-dynamic-tabs',
    { schema: { tags: ['enrollment'], querystring: z.object({ enrollment_id: zEnrollmentId }), response: responses(z.array(ZDynamicTab)) } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      return ok(await dynamicTabs(app.db, e));
    },
  );
  app.get(
    '/api/v1/check-tab-required',
    {
      schema: {
        tags: ['enrollment'],
        querystring: z.object({ enrollment_id: zEnrollmentId, tab_name: z.enum(TABS) }),
        response: responses(z.object({ result: z.object({ required: z.boolean() }) })),
      },
    },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      const tabs = await dynamicTabs(app.db, e);
      return ok({ result: { required: tabs.find((t) => t.tab_name === request.query.tab_name)?.required ?? false } });
    },
  );
  // GET /api/v1/get-states is served by modules/site (same answer).
  app.get(
    '/api/v1/get-zip-info',
    {
      schema: {
        tags: ['enrollment'],
        querystring: z.object({ zip: z.string().trim().max(10) }),
        response: responses(z.object({ zip: z.string(), city: z.string(), state: z.string() })),
      },
    },
    async (request) => {
      const hit = app.zips.lookup(request.query.zip);
      if (!hit) throw fieldError('zip', /^\d{5}$/.test(request.query.zip) ? TEXT.INVALID_ZIP : TEXT.ENTER_5_DIGIT_ZIP_DOT);
      return ok(hit);
    },
  );
};
export default wizardRoutes;
