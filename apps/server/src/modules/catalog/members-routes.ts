import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as catalog from '@store/domain/contract/catalog';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { agentGroups, agentMembers, enrollmentPortals, groupMembers } from './members-service.ts';

/** Current members, groups and portals of the signed-in rep or group administrator (members-service.ts). */
const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, catalog.getAgentMembers, async (request) => ok({ result: await agentMembers(app.db, request) }));
  route(app, catalog.getGroupUsers, async (request) => ok({ result: await groupMembers(app.db, request) }));
  route(app, catalog.getAgentGroups, async (request) => ok({ result: await agentGroups(app.db, request) }));
  route(app, catalog.getEnrollmentPlatforms, async (request) => ok({ result: await enrollmentPortals(app.db, request) }));
};
export default membersRoutes;
