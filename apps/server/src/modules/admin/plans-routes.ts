import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateRowsFromCsv, validateRateRows } from '@store/domain/admin-rates';
import * as c from '@store/domain/contract/admin';
import { fieldErrors } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { actorOf } from '../../lib/actor.ts';
import * as plans from './plans-service.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** The catalog: plans by category, texts (sanitized), logos, rules, questionnaires and rate tables. */
const planRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, c.listPlans, async (request) => ok(await plans.pagePlans(deps.db, request.query)));
  route(app, c.getPlan, async (request) => ok(await plans.loadPlan(deps.db, request.params.id)));
  route(app, c.createPlan, async (request) => ok(await plans.createPlan(deps.db, actorOf(request), request.body)));
  route(app, c.updatePlan, async (request) => ok(await plans.updatePlan(deps.db, actorOf(request), request.params.id, request.body)));

  route(app, c.listRates, async (request) => ok(await plans.listRates(deps.db, request.params.id)));
  route(app, c.replaceRates, async (request) => {
    const { rows, errors } = validateRateRows(request.body.rows);
    if (errors.length) throw fieldErrors(errors);
    return ok(await plans.replaceRates(deps.db, actorOf(request), request.params.id, rows, 'grid'));
  });
  route(app, c.importRatesCsv, async (request) => {
    const parsed = rateRowsFromCsv(request.body.csv);
    if (parsed.errors.length) throw fieldErrors(parsed.errors);
    const { rows, errors } = validateRateRows(parsed.rows);
    if (errors.length) throw fieldErrors(errors);
    return ok(await plans.replaceRates(deps.db, actorOf(request), request.params.id, rows, 'csv'));
  });
  route(app, c.sampleQuote, async (request) => ok(await plans.sampleQuote(deps.db, deps.zips, request.params.id, request.query)));

  route(app, c.listQuestions, async (request) => ok(await plans.listQuestions(deps.db, request.params.id)));
  route(app, c.createQuestion, async (request) =>
    ok(await plans.createQuestion(deps.db, actorOf(request), request.params.id, request.body)),
  );
  route(app, c.updateQuestion, async (request) =>
    ok(await plans.updateQuestion(deps.db, actorOf(request), request.params.qid, request.body)),
  );
  route(app, c.deleteQuestion, async (request) => ok(await plans.deleteQuestion(deps.db, actorOf(request), request.params.qid)));
};
export default planRoutes;
