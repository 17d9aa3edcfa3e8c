import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AGENT_REGISTRATION_THANKS } from '@store/domain/storefront';
import { ACCESS_CODE_LIMITS } from '@store/domain/abuse-limits';
import * as c from '@store/domain/contract/storefront';
import { noContent, ok, okSchema } from '../../lib/http.ts';
import { ReadyJson } from '../../lib/ready-json.ts';
import { HttpError } from '../../lib/errors.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { actorOf } from '../../lib/actor.ts';
import { timingSafeEqualText } from '../../lib/crypto.ts';
import { route } from '../../lib/route.ts';
import * as repo from './repository.ts';
import * as storefront from './service.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { requestLanguage } from '../../lib/mail-i18n.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** Access-code guessing is slowed: per address and per code, in a 10-minute window. */
const TOO_MANY = 'Too many attempts. Please try again later.';

/** A GET that records something still needs our own page's CSRF token. */
function requireCsrf(request: FastifyRequest) {
  const sent = request.headers['x-csrf-token'];
  const expected = request.cookies.csrf;
  if (typeof sent !== 'string' || !expected || !timingSafeEqualText(sent, expected))
    throw new HttpError(403, 'Missing or invalid CSRF token');
}

const { numOrNull } = storefront;

/** The storefront calls of storefront.md section 7 (menus, featured plans, access codes, referral, leads, chat). */
const storefrontRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  const limitCode = async (request: FastifyRequest, kind: string, code: string) => {
    const { windowMs } = ACCESS_CODE_LIMITS;
    await deps.rateLimiter.enforce(`${kind}:ip:${clientAddress(request)}`, deps.config.ACCESS_CODES_PER_ADDRESS_10_MIN, windowMs, TOO_MANY);
    await deps.rateLimiter.enforce(`${kind}:code:${code.toUpperCase()}`, deps.config.ACCESS_CODES_PER_CODE_10_MIN, windowMs, TOO_MANY);
  };

  // The common menu is the same for everyone until the catalog changes: kept as ready bytes beside it.
  const ZMenuOk = okSchema(z.array(z.string()));
  const menuJson = async (): Promise<ReadyJson> =>
    deps.catalogCache.settled<ReadyJson>('menu-json')?.value ??
    deps.catalogCache.get(
      'menu-json',
      async () => new ReadyJson(JSON.stringify(ZMenuOk.parse(ok(await storefront.menuKeys(deps.db, deps.catalogCache))))),
    );

  route(app, c.getCommonMenu, async (request, reply) => (await menuJson()).send(request, reply) as never);
  route(app, c.getGroupMenu, async (request, reply) => {
    if (request.query.group_id && !(await repo.activeGroupExists(deps.db, request.query.group_id))) return noContent(reply);
    return ok(await storefront.menuKeys(deps.db, deps.catalogCache));
  });
  route(app, c.getFeaturedPlans, async (request, reply) => {
    // The short texts come in the language asked (issue 37: the featured plans stayed English in Spanish).
    reply.header('vary', 'accept-language');
    return ok(await storefront.featuredPlans(deps.db, request.query.portal_id, requestLanguage(request)));
  });

  route(app, c.validateAgent, async (request, reply) => {
    await limitCode(request, 'validate-agent', request.query.agent_code);
    const a = await repo.findAgentByCode(deps.db, request.query.agent_code);
    return a ? ok(a) : noContent(reply);
  });
  route(app, c.validateGroup, async (request, reply) => {
    await limitCode(request, 'validate-group', request.query.group_code);
    const g = await repo.findGroupByCode(deps.db, request.query.group_code);
    return g ? ok({ group_id: g.group_id, name: g.display_name ?? g.gname, gcode: g.gcode, landing_url: g.landing_url }) : noContent(reply);
  });
  route(app, c.getEnrollmentInfoReferral, async (request) => ok(await storefront.referralInfo(deps.db, request.query.referral_id)));

  route(app, c.agentRegistrationQuery, async (request) => {
    const state = storefront.signupState(request.body);
    await deps.rateLimiter.enforce(
      `agent-registration:ip:${clientAddress(request)}`,
      deps.config.AGENT_REGISTRATIONS_PER_ADDRESS_HOUR,
      60 * 60_000,
      TOO_MANY,
    );
    await storefront.insertSignupQuery(deps.db, request.body, state);
    return ok(null, AGENT_REGISTRATION_THANKS);
  });

  route(app, c.checkLeadInformation, async (request) => {
    const recorded = await storefront.leadRecorded(deps.db, request.query.device_id);
    return { status: 'success' as const, statusCode: recorded ? 200 : 204, data: { recorded } };
  });
  route(app, c.getLeadInformation, async (request) => {
    const q = request.query;
    if (q.store_information !== '1') return ok({ recorded: !!(await repo.findLead(deps.db, q.device_id)) });
    requireCsrf(request);
    await deps.rateLimiter.enforce(`lead:ip:${clientAddress(request)}`, deps.config.LEADS_PER_ADDRESS_HOUR, 60 * 60_000, TOO_MANY);
    await repo.upsertLead(deps.db, {
      device_id: q.device_id,
      web_url: q.web_url ?? null,
      agent_id: numOrNull(q.agent_id),
      group_id: numOrNull(q.group_id),
    });
    return ok({ recorded: true });
  });

  route(app, c.decryptDetail, async (request, reply) => {
    const id = numOrNull(request.body.agentId);
    const a = id ? await repo.activeAgentCode(deps.db, id) : undefined;
    return a ? ok([{ agentId: a.agent_id, agent_code: a.agent_code, display_name: a.display_name }]) : noContent(reply);
  });

  route(app, c.assistGet, async (request) => ok(await storefront.chatState(deps.db, request.query.device_id)));
  route(app, c.assistAdd, async (request) => {
    await deps.rateLimiter.enforce(`assist:ip:${clientAddress(request)}`, deps.config.ASSIST_PER_ADDRESS_HOUR, 60 * 60_000, TOO_MANY);
    return ok(await storefront.addChatAnswer(deps.db, request.body));
  });

  route(app, c.trackElevateTraffic, async (request) => {
    const e = await loadOwnedEnrollment(actorOf(request), request.body.enrollment_id, deps.db);
    await deps.db.transaction().execute((trx) => repo.insertTraffic(trx, e.id, 'elevate'));
    return ok(null);
  });
};
export default storefrontRoutes;
