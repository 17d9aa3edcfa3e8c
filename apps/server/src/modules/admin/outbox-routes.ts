import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOutboxMail, listOutbox, resendOutboxMail } from '@store/domain/contract/admin';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { actorOf } from './audit.ts';
import * as outbox from './outbox-service.ts';

/** The outbox: every mail with its status, its content while it is kept, and resend. */
const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, listOutbox, async (request) => ok(await outbox.pageOutbox(app.db, request.query)));
  route(app, getOutboxMail, async (request) => ok(await outbox.viewMail(app.db, app.sealer, actorOf(request), request.params.id)));
  route(app, resendOutboxMail, async (request) => {
    const row = await outbox.resendMail(app.db, actorOf(request), request.params.id);
    app.mailer.flushSoon();
    return ok(row);
  });
};
export default outboxRoutes;
