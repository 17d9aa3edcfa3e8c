import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COVERAGES } from '@store/domain/codes';
import { TOO_MANY_REQUESTS } from '@store/domain/abuse-limits';
import * as quote from '@store/domain/contract/quote';
import { usDateProblem } from '@store/domain/validation';
import { ok } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { actorOf } from '../../lib/actor.ts';
import { route } from '../../lib/route.ts';
import {
  changeOwnedFilter,
  checkZip,
  createExistingUserFilter,
  createNewUserFilter,
  quoteFilter,
  tempInfo,
  updatePortal,
} from './service.ts';
import { purgeScreenshots, saveScreenshot } from './screenshots.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** The quote filter (temporary enrollment), zip and dob checks, coverages and the step screenshots. */
const quoteRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, quote.addFilterForNewUser, async (request) => {
    await app.limitNewQuotes?.(request);
    // Per session, whatever the address and REQUESTS_PER_MINUTE (decision 2330): a browser quoting without end.
    const sessionId = await request.ensureSession();
    await deps.rateLimiter.enforce(`new-quote:session:${sessionId}`, deps.config.NEW_QUOTES_PER_SESSION_MINUTE, 60_000, TOO_MANY_REQUESTS);
    return ok({ temp_enrollment_id: await createNewUserFilter(deps, actorOf(request), request.body) });
  });

  route(app, quote.changeFilterInfo, async (request) =>
    ok({ ...(await changeOwnedFilter(deps, actorOf(request), request.params.tempId, request.body)) }, 'Filter updated'),
  );

  route(app, quote.getEnrollmentTempInfo, async (request) =>
    ok({ result: (await tempInfo(deps.db, actorOf(request), request.query.enrollment_id, request.query.column)) ?? null }),
  );

  route(app, quote.getQuoteFilter, async (request) =>
    ok({ result: await quoteFilter(deps.db, actorOf(request), request.query.enrollment_id) }),
  );

  route(app, quote.validateZipCode, async (request) => ok(checkZip(deps, request.query.zip_code.trim())));
  route(app, quote.validateZipCodeService, async (request) => ok(checkZip(deps, request.body.zip.trim())));

  route(app, quote.validateDob, async (request, reply) => {
    const problem = usDateProblem(request.query.dob.trim(), { minAge: 18 });
    if (problem)
      return reply
        .code(422)
        .send({ status: 'error', message: problem, errors: { dob: [problem] }, data: [{ target_element: 'dob', error_message: problem }] });
    // No response schema (the 422 above carries `errors`): the answer is sent as it is.
    return reply.send(ok({ dob: request.query.dob.trim() }));
  });

  route(app, quote.getCoverages, async () => ok({ ...COVERAGES }));

  route(app, quote.addFilterForMember, async (request) => {
    const r = await createExistingUserFilter(deps, actorOf(request), request.body);
    return ok({ temp_enrollment_id: r.id, portal_id: r.portalId });
  });
  route(app, quote.addFilterForExistingUser, async (request) => {
    const r = await createExistingUserFilter(deps, actorOf(request), request.body);
    return ok({ temp_enrollment_id: r.id, portal_id: r.portalId });
  });

  route(app, quote.updateFilterPortal, async (request) => ok(await updatePortal(deps, actorOf(request), request.body)));

  route(
    app,
    quote.saveScreenshot,
    async (request) => {
      // statusOnly: the answer tells nothing of the enrollment, and the billing step's image of a rep's or group's
      // enrollment is taken just after its save completed it.
      const e = await loadOwnedEnrollment(actorOf(request), request.body.enrollment_id, deps.db, { statusOnly: true });
      await saveScreenshot(deps, e, request.body.name, request.body.image);
      return ok(null, 'Screenshot saved');
    },
    { bodyLimit: 2 * 1024 * 1024 },
  );

  // Screenshots of enrollments left unfinished go with them (screenshots.ts), looked for every hour.
  const purge = setInterval(() => void purgeScreenshots(deps).catch((err) => deps.log.warn({ err }, 'screenshot purge failed')), 3600_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
};
export default quoteRoutes;
