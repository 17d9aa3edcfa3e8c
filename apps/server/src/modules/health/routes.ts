import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

/** GET /healthz: 200 when the server and its database answer. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok', database: app.dbKind };
    } catch {
      return reply.code(503).send({ status: 'error', message: 'database unavailable' });
    }
  });
};
export default healthRoutes;
