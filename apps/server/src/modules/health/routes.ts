import type { FastifyPluginAsync } from 'fastify';
import { healthz } from '@store/domain/contract/site';
import { route } from '../../lib/route.ts';
import { databaseAnswers } from './repository.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** GET /healthz: 200 when the server and its database answer. */
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
};
export default healthRoutes;
