import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT } from '@store/domain/texts';
import { checkTabRequired, getDynamicTabs, getZipInfo } from '@store/domain/contract/enrollment';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { fieldError } from '../../lib/errors.ts';
import { dynamicTabs, isTabRequired } from './service.ts';

/** The step list (dynamic tabs), tab-required checks and the zip look-up. GET /api/v1/get-states is served by modules/site. */
const wizardRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, getDynamicTabs, async (request) =>
    ok(await dynamicTabs(deps.db, await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db))),
  );
  route(app, checkTabRequired, async (request) => {
    const e = await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db);
    return ok({ result: { required: await isTabRequired(deps.db, e, request.query.tab_name) } });
  });
  route(app, getZipInfo, async (request) => {
    const hit = deps.zips.lookup(request.query.zip);
    if (!hit) throw fieldError('zip', /^\d{5}$/.test(request.query.zip) ? TEXT.INVALID_ZIP : TEXT.ENTER_5_DIGIT_ZIP_DOT);
    return ok(hit);
  });
};
export default wizardRoutes;
