import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SECOND_FACTOR_NEEDED_FOR_ACCOUNTS } from '@store/domain/auth';
import * as c from '@store/domain/contract/admin';
import { requireFreshSecondFactor } from '../../lib/access.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { pageAccounts } from './accounts-repository.ts';
import * as accounts from './accounts-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { pageAgents, pageGroups, pagePortals } from './people-repository.ts';
import * as people from './people-service.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

const paged = <T>(found: { items: T[]; total: number }, q: { limit: number; offset: number }) =>
  ok({ ...found, limit: q.limit, offset: q.offset });

/** Reps, groups, portals and sign-in accounts. */
const peopleRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, c.listAgents, async ({ query }) => paged(await pageAgents(deps.db, query.q, query.limit, query.offset), query));
  route(app, c.getAgent, async (request) => ok(await people.loadAgent(deps.db, request.params.id)));
  route(app, c.createAgent, async (request) => ok(await people.saveAgent(deps.db, actorOf(request), request.body, null)));
  route(app, c.updateAgent, async (request) => ok(await people.saveAgent(deps.db, actorOf(request), request.body, request.params.id)));

  route(app, c.listGroups, async ({ query }) => paged(await pageGroups(deps.db, query), query));
  route(app, c.getGroup, async (request) => ok(await people.loadGroup(deps.db, request.params.id)));
  route(app, c.createGroup, async (request) => ok(await people.saveGroup(deps.db, actorOf(request), request.body, null)));
  route(app, c.updateGroup, async (request) => ok(await people.saveGroup(deps.db, actorOf(request), request.body, request.params.id)));

  route(app, c.listPortals, async ({ query }) => paged(await pagePortals(deps.db, query.q, query.limit, query.offset), query));
  route(app, c.createPortal, async (request) => ok(await people.savePortal(deps.db, actorOf(request), request.body, null)));
  route(app, c.updatePortal, async (request) => ok(await people.savePortal(deps.db, actorOf(request), request.body, request.params.id)));

  // Every change of a sign-in account needs the operator's second factor within 5 minutes (decision 2340).
  const fresh = (request: FastifyRequest) => requireFreshSecondFactor(request, SECOND_FACTOR_NEEDED_FOR_ACCOUNTS);
  route(app, c.listAccounts, async ({ query }) => paged(await pageAccounts(deps.db, query), query));
  route(app, c.createAccount, async (request) => {
    fresh(request);
    return ok(await accounts.createAccount(deps.db, actorOf(request), request.body));
  });
  route(app, c.resetAccountPassword, async (request) => {
    fresh(request);
    return ok(await accounts.resetPassword(deps.db, actorOf(request), request.params.id, request.body.password));
  });
  route(app, c.setAccountActive, async (request) => {
    fresh(request);
    return ok(await accounts.setActive(deps.db, actorOf(request), request.params.id, request.body.active));
  });
};
export default peopleRoutes;
