import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOutboxMail, listOutbox, resendOutboxMail } from '@store/domain/contract/admin';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { actorOf } from '../../lib/actor.ts';
import * as outbox from './outbox-service.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** The outbox: every mail with its status, its content while it is kept, and resend. */
const outboxRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, listOutbox, async (request) => ok(await outbox.pageOutbox(deps.db, request.query)));
  route(app, getOutboxMail, async (request) => ok(await outbox.viewMail(deps.db, deps.sealer, actorOf(request), request.params.id)));
  route(app, resendOutboxMail, async (request) => {
    const row = await outbox.resendMail(deps.db, actorOf(request), request.params.id);
    deps.mailer.flushSoon();
    return ok(row);
  });
};
export default outboxRoutes;
