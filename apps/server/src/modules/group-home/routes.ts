import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '@store/domain/contract/group-home';
import { noContent, ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { groupHome, importCensus, publicWindow, remind, saveWindow, setWaived } from './service.ts';

/**
 * The group administrator's home (issue 24): employees and their status, the open-enrollment window, the census
 * upload and the reminders, for the signed-in group administrator's own group only; the public window of a group.
 */
const groupHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, c.getGroupHome, async (request) => ok(await groupHome(app, request)));
  route(app, c.saveGroupWindow, async (request) => ok(await saveWindow(app, request, request.body), 'Enrollment window saved'));
  route(
    app,
    c.uploadCensus,
    async (request) => {
      await app.rateLimiter.enforce(
        `group-home:census:${request.session.account?.id ?? clientAddress(request)}`,
        app.config.CENSUS_UPLOADS_PER_ACCOUNT_HOUR,
        3600_000,
      );
      return ok(await importCensus(app, request, request.body), 'Census imported');
    },
    { bodyLimit: 400_000 },
  );
  route(app, c.remindEmployees, async (request) => ok(await remind(app, request), 'Reminders queued'));
  route(app, c.waiveEmployee, async (request) => ok(await setWaived(app, request, request.params.id, request.body.waived)));
  route(app, c.getGroupEnrollmentWindow, async (request, reply) => {
    const w = await publicWindow(app, request.query.group_id);
    return w ? ok(w) : noContent(reply);
  });
};
export default groupHomeRoutes;
