import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listChatLeads, listSignupRequests } from '@store/domain/contract/admin';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { actorOf } from '../../lib/actor.ts';
import * as leads from './leads-service.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** Leads for the people who follow them up: the help chat's conversations and the rep sign-up requests. */
const leadsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, listChatLeads, async (request) => ok(await leads.pageChatLeads(deps.db, actorOf(request), request.query)));
  route(app, listSignupRequests, async (request) => ok(await leads.pageSignupRequests(deps.db, actorOf(request), request.query)));
};
export default leadsRoutes;
