import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@store/domain/contract/rep-home';
import { getRepUnconfirmedPayments } from '@store/domain/contract/coverage-confirmation';
import { unconfirmedPayments } from '../coverage-confirmation/index.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { csvStream } from './csv.ts';
import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { completedPage, inProgressPage, membersPage, openEnrollment, quotesPage, requireRep, resendCode } from './service.ts';

/** The rep's home (book of business): the signed-in rep's lists, their CSV, and the actions on an enrollment in progress. */
const repHomeRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, contract.getRepMembers, async (request) => ok(await membersPage(deps.db, requireRep(actorOf(request)), request.query)));
  route(app, contract.getRepInProgress, async (request) => ok(await inProgressPage(deps.db, requireRep(actorOf(request)), request.query)));
  route(app, contract.getRepCompleted, async (request) => ok(await completedPage(deps.db, requireRep(actorOf(request)), request.query)));
  route(app, contract.getRepQuotes, async (request) => ok(await quotesPage(deps.db, requireRep(actorOf(request)), request.query)));
  route(app, contract.exportRepList, async (request, reply) => {
    const rep = requireRep(actorOf(request));
    const { list } = request.params;
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${list}.csv"`)
      .send(csvStream(deps.db, rep, list, request.query.q));
  });
  route(app, contract.resendRepResumeCode, async (request) =>
    ok(await resendCode(deps, request.headers.host, requireRep(actorOf(request)), request.params.id)),
  );
  // Issue 39: the rep's members' paid plans their carrier has not confirmed within its window, oldest first.
  route(app, getRepUnconfirmedPayments, async (request) => {
    const rep = requireRep(actorOf(request));
    return ok({ items: (await unconfirmedPayments(deps.db, deps.jobs.now(), rep.agentId)).map((u) => u.item) });
  });
  route(app, contract.openRepEnrollment, async (request) =>
    ok(await openEnrollment(deps.db, requireRep(actorOf(request)), request.params.id)),
  );
};
export default repHomeRoutes;
