import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listChatLeads, listSignupRequests } from '@store/domain/contract/admin';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { actorOf } from './audit.ts';
import * as leads from './leads-service.ts';

/** Leads for the people who follow them up: the help chat's conversations and the rep sign-up requests. */
const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, listChatLeads, async (request) => ok(await leads.pageChatLeads(app.db, actorOf(request), request.query)));
  route(app, listSignupRequests, async (request) => ok(await leads.pageSignupRequests(app.db, actorOf(request), request.query)));
};
export default leadsRoutes;
