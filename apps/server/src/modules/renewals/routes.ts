import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { rateRowsFromCsv } from '@store/domain/admin-rates';
import * as c from '@store/domain/contract/renewals';
import { RENEWAL_TEXT } from '@store/domain/renewals';
import { isoToUs, todayIso } from '@store/domain/dates';
import { requireAccount } from '../../lib/access.ts';
import { fieldErrors, forbidden } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { MERGE_REFUND_KIND, mergeRefundJob } from './merge-refund.ts';
import { ensureRenewalDayJob, RENEWAL_DAY_KIND, renewalDayJob } from './notice.ts';
import {
  loadRatePeriod,
  memberRenewal,
  openEnrollment,
  priceRenewals,
  ratePeriods,
  repRenewals,
  setOpenEnrollment,
  setPlanRenewal,
} from './service.ts';

function requireRole(request: FastifyRequest, role: 'member' | 'rep') {
  const a = requireAccount(request);
  if (a.role !== role) throw forbidden();
  return a;
}

/** Renewals and open enrollment (issue 38, decision 2560): the console's rate periods, the member's and the rep's views. */
const renewalRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  deps.jobs.handle(RENEWAL_DAY_KIND, (trx, job) => renewalDayJob(deps, trx, job));
  deps.jobs.handle(MERGE_REFUND_KIND, (trx, job) => mergeRefundJob(deps, trx, job));
  app.addHook('onReady', async () => {
    await ensureRenewalDayJob(deps);
    // Policies without a price for their next renewal date (the demo's, or a store down at midnight) are priced now.
    await priceRenewals(deps.db, todayIso(deps.jobs.now()));
  });

  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      requireAccount(request, ['operator']);
    });
    const loaded = (p: { starts_on: string }) => RENEWAL_TEXT.LOADED.replace('{date}', isoToUs(p.starts_on));
    route(admin, c.listRatePeriods, async (request) => ok(await ratePeriods(deps.db, request.params.id)));
    route(admin, c.saveRatePeriod, async (request) => {
      const a = requireAccount(request, ['operator']);
      const p = await loadRatePeriod(deps.db, a.id, request.params.id, request.body.starts_on, request.body.rows, 'grid');
      return ok(p, loaded(p));
    });
    route(admin, c.importRatePeriodCsv, async (request) => {
      const a = requireAccount(request, ['operator']);
      const parsed = rateRowsFromCsv(request.body.csv);
      if (parsed.errors.length) throw fieldErrors(parsed.errors);
      const p = await loadRatePeriod(deps.db, a.id, request.params.id, request.body.starts_on, parsed.rows, 'csv');
      return ok(p, loaded(p));
    });
    route(admin, c.setPlanRenewal, async (request) => {
      const a = requireAccount(request, ['operator']);
      return ok(await setPlanRenewal(deps.db, a.id, request.params.id, request.body), RENEWAL_TEXT.SETTING_SAVED);
    });
    route(admin, c.getGroupOpenEnrollment, async (request) => ok(await openEnrollment(deps.db, request.params.id)));
    route(admin, c.setGroupOpenEnrollment, async (request) => {
      const a = requireAccount(request, ['operator']);
      return ok(await setOpenEnrollment(deps.db, a.id, request.params.id, request.body.open_enrollment));
    });
  });

  route(app, c.getMemberRenewal, async (request) => {
    const a = requireRole(request, 'member');
    return ok(a.user_id === null ? { renewal: null } : await memberRenewal(deps.db, a.user_id));
  });
  route(app, c.getRepRenewals, async (request) => {
    const a = requireRole(request, 'rep');
    return ok({ items: a.agent_id ? await repRenewals(deps.db, a.agent_id) : [] });
  });
};
export default renewalRoutes;
