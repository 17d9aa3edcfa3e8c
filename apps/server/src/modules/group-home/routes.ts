import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '@store/domain/contract/group-home';
import { noContent, ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { groupHome, importCensus, publicWindow, remind, saveWindow, setWaived } from './service.ts';

/**
 * The group administrator's home (issue 24): employees and their status, the open-enrollment window, the census
 * upload and the reminders, for the signed-in group administrator's own group only; the public window of a group.
 */
const groupHomeRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, c.getGroupHome, async (request) => ok(await groupHome(deps, actorOf(request), request.headers.host)));
  route(app, c.saveGroupWindow, async (request) => ok(await saveWindow(deps, actorOf(request), request.body), 'Enrollment window saved'));
  route(
    app,
    c.uploadCensus,
    async (request) => {
      await deps.rateLimiter.enforce(
        `group-home:census:${request.session.account?.id ?? clientAddress(request)}`,
        deps.config.CENSUS_UPLOADS_PER_ACCOUNT_HOUR,
        3600_000,
      );
      return ok(await importCensus(deps, actorOf(request), request.headers.host, request.body), 'Census imported');
    },
    { bodyLimit: 400_000 },
  );
  route(app, c.remindEmployees, async (request) => ok(await remind(deps, actorOf(request), request.headers.host), 'Reminders queued'));
  route(app, c.waiveEmployee, async (request) => ok(await setWaived(deps, actorOf(request), request.params.id, request.body.waived)));
  route(app, c.getGroupEnrollmentWindow, async (request, reply) => {
    const w = await publicWindow(deps.db, request.query.group_id);
    return w ? ok(w) : noContent(reply);
  });
};
export default groupHomeRoutes;
