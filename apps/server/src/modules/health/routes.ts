import type { FastifyPluginAsync } from 'fastify';
import { healthz, livez } from '@store/domain/contract/site';
import { route } from '../../lib/route.ts';
import { databaseAnswers } from './repository.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** GET /healthz (readiness): 200 when the server and its database answer, else 503. GET /livez: the process answers. */
const healthRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  route(
    app,
    healthz,
    async (_request, reply) =>
      (await databaseAnswers(deps.db))
        ? reply.send({ status: 'ok', database: deps.dbKind })
        : reply.code(503).header('retry-after', '1').send({ status: 'error', message: 'database unavailable' }),
    { hide: true },
  );
  // Liveness: the process answers; its database may be away (readiness is /healthz).
  route(app, livez, async (_request, reply) => reply.send({ status: 'ok' }), { hide: true });
};
export default healthRoutes;
