import type { FastifyPluginAsync } from 'fastify';
import { getEoiOverview, recordEoiDecision, setPlanEvidence as setPlanEvidenceEndpoint } from '@store/domain/contract/coverage-changes';
import { requireAccount } from '../../lib/access.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { EOI_TEXT } from '@store/domain/coverage-changes';
import { eoiOverview, recordDecision, setPlanEvidence } from './service.ts';

/** The console's evidence of insurability (issue 38): operators only; anyone else 401/403. */
const eoiRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      requireAccount(request, ['operator']);
    });
    route(admin, getEoiOverview, async () => ok(await eoiOverview(deps.db)));
    route(admin, recordEoiDecision, async (request) => {
      const a = requireAccount(request, ['operator']);
      return ok(await recordDecision(deps, a.id, request.params.id, request.body), EOI_TEXT.DECIDED);
    });
    route(admin, setPlanEvidenceEndpoint, async (request) => {
      const a = requireAccount(request, ['operator']);
      return ok(await setPlanEvidence(deps.db, a.id, request.params.id, request.body.needs_evidence));
    });
  });
};
export default eoiRoutes;
