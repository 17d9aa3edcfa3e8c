import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as c from '@store/domain/contract/commissions';
import { requireAccount, requireFreshSecondFactor } from '../../lib/access.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { forbidden } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { commissionSetup, repHierarchy, saveHierarchy, saveSchedule, saveSettings } from './console-service.ts';
import { COMMISSION_STATEMENTS_KIND, ensureStatementsJob, statementsJob } from './job.ts';
import { repCommissions, statementCsv, statementPdf } from './rep-service.ts';

/** The signed-in rep's own number: anonymous 401, another role 403. */
function repOf(request: FastifyRequest): number {
  const a = requireAccount(request);
  if (a.role !== 'rep' || !a.agent_id) throw forbidden('Only a rep has commissions.');
  return a.agent_id;
}
function operatorOf(request: FastifyRequest): number {
  const a = requireAccount(request);
  if (a.role !== 'operator') throw forbidden();
  return a.id;
}

/**
 * Commissions (issue 39): the monthly statements job; the rep home's statements (PDF, CSV) and this month so far; the
 * console's schedules, charge-back setting (a fresh second factor: they decide money paid out) and a rep's agency,
 * upline and override.
 */
const commissionRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  deps.jobs.handle(COMMISSION_STATEMENTS_KIND, (trx, job) => statementsJob(deps, trx, job));
  app.addHook('onReady', () => ensureStatementsJob(deps));

  route(app, c.getRepCommissions, async (request) => ok(await repCommissions(deps.db, repOf(request), deps.jobs.now())));
  route(app, c.getCommissionStatementPdf, async (request, reply) => {
    const file = await statementPdf(deps.db, repOf(request), request.params.id);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(Buffer.from(file.pdf));
  });
  route(app, c.getCommissionStatementCsv, async (request, reply) => {
    const file = await statementCsv(deps.db, repOf(request), request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(file.csv);
  });

  route(app, c.getCommissionSetup, async (request) => {
    operatorOf(request);
    return ok(await commissionSetup(deps.db));
  });
  route(app, c.saveCommissionSchedule, async (request) => {
    const id = operatorOf(request);
    // What reps are paid: the operator's second factor within 5 minutes, as the bank file settings (decision 2340).
    requireFreshSecondFactor(request);
    return ok(await saveSchedule(deps.db, id, request.body), c.COMMISSION_TEXTS.saved);
  });
  route(app, c.saveCommissionSettings, async (request) => {
    const id = operatorOf(request);
    requireFreshSecondFactor(request);
    return ok(await saveSettings(deps.db, id, request.body.chargeback_months));
  });
  route(app, c.getRepHierarchy, async (request) => {
    operatorOf(request);
    return ok(await repHierarchy(deps.db, request.params.id));
  });
  route(app, c.saveRepHierarchy, async (request) => {
    const id = operatorOf(request);
    // An override percentage is money paid out: the same fresh second factor.
    requireFreshSecondFactor(request);
    return ok(await saveHierarchy(deps.db, id, request.params.id, request.body));
  });
};
export default commissionRoutes;
