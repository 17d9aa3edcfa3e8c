import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as catalog from '@store/domain/contract/catalog';
import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { agentGroups, agentMembers, enrollmentPortals, groupMembers } from './members-service.ts';

/** Current members, groups and portals of the signed-in rep or group administrator (members-service.ts). */
const membersRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, catalog.getAgentMembers, async (request) => ok({ result: await agentMembers(deps, actorOf(request)) }));
  route(app, catalog.getGroupUsers, async (request) => ok({ result: await groupMembers(deps, actorOf(request)) }));
  route(app, catalog.getAgentGroups, async (request) => ok({ result: await agentGroups(deps, actorOf(request)) }));
  route(app, catalog.getEnrollmentPlatforms, async (request) => ok({ result: await enrollmentPortals(deps, actorOf(request)) }));
};
export default membersRoutes;
