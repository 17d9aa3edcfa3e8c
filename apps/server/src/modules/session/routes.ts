import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSession } from '@store/domain/contract/session';
import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { sessionState } from './service.ts';

/** GET /api/v1/get-session: what every page asks about the visitor, in one call (decision 2760). */
const sessionRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, getSession, async (request) => ok(await sessionState(deps, actorOf(request), request.query)));
};
export default sessionRoutes;
