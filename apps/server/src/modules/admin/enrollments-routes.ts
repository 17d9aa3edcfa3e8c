import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getEnrollment, getEnrollmentScreenshot, searchEnrollments } from '@store/domain/contract/admin';
import { requireFreshSecondFactor } from '../../lib/access.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { actorOf } from '../../lib/actor.ts';
import * as enrollments from './enrollments-service.ts';
import { recordEvent } from '../trail/index.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** Enrollments: search, one enrollment as saved (masked, every view audited), its screenshots. */
const enrollmentRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, searchEnrollments, async (request) => ok(await enrollments.searchEnrollments(deps.db, request.query)));

  route(app, getEnrollment, async (request) => {
    requireFreshSecondFactor(request);
    return ok(
      await enrollments.viewEnrollment(deps.db, actorOf(request), request.params.id, (trx, id, event, detail) =>
        recordEvent(trx, id, event, detail, actorOf(request)),
      ),
    );
  });

  route(app, getEnrollmentScreenshot, async (request, reply) => {
    requireFreshSecondFactor(request);
    const png = await enrollments.viewScreenshot(deps.db, deps.sealer, actorOf(request), request.params.id, request.params.sid);
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    return reply.type('image/png').send(png);
  });
};
export default enrollmentRoutes;
