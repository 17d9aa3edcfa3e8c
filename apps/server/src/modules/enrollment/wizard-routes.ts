import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT } from '@store/domain/texts';
import { checkTabRequired, getDynamicTabs, getZipInfo } from '@store/domain/contract/enrollment';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldError } from '../../lib/errors.ts';
import { dynamicTabs, isTabRequired } from './service.ts';

/** The step list (dynamic tabs), tab-required checks and the zip look-up. GET /api/v1/get-states is served by modules/site. */
const wizardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, getDynamicTabs, async (request) =>
    ok(await dynamicTabs(app.db, await loadOwnedEnrollment(request, request.query.enrollment_id))),
  );
  route(app, checkTabRequired, async (request) => {
    const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
    return ok({ result: { required: await isTabRequired(app.db, e, request.query.tab_name) } });
  });
  route(app, getZipInfo, async (request) => {
    const hit = app.zips.lookup(request.query.zip);
    if (!hit) throw fieldError('zip', /^\d{5}$/.test(request.query.zip) ? TEXT.INVALID_ZIP : TEXT.ENTER_5_DIGIT_ZIP_DOT);
    return ok(hit);
  });
};
export default wizardRoutes;
