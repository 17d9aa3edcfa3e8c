import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FALLBACK_IDS } from '@store/domain/codes';
import * as c from '@store/domain/contract/landing';
import { requireAccount } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { noContent, ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { findAgent, findGroup, findLanding, findMember } from './repository.ts';
import { agentLanding, groupLanding } from './service.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/**
 * Landing and about info of reps and groups (public branding only: the query ids choose branding and
 * never open member data), landing-url validation and the default info.
 */
const landingRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, c.getAgentLandingPageInfo, async (request, reply) => {
    const info = await agentLanding(deps.db, request.query.agent_id);
    return info ? ok(info) : noContent(reply);
  });
  route(app, c.getAgentAboutPageInfo, async (request, reply) => {
    const info = await agentLanding(deps.db, request.query.agent_id);
    return info ? ok({ agent_bio: info.agent_bio, display_about_name: info.display_about_name }) : noContent(reply);
  });
  route(app, c.getGroupLandingPageInfo, async (request, reply) => {
    const info = await groupLanding(deps.db, request.query.group_id);
    return info ? ok(info) : noContent(reply);
  });
  route(app, c.getGroupAboutPageInfo, async (request, reply) => {
    const info = await groupLanding(deps.db, request.query.group_id);
    return info ? ok({ gweb_aboutus: info.gweb_aboutus, display_about_name: info.display_about_name }) : noContent(reply);
  });
  route(app, c.validateLandingPage, async (request, reply) => {
    const found = await findLanding(deps.db, request.query.landing_page);
    return found ? { status: 'success' as const, statusCode: 200, data: found } : noContent(reply);
  });
  route(app, c.getDefaultInfo, async () =>
    ok({
      agent_id: FALLBACK_IDS.agentId,
      group_id: FALLBACK_IDS.groupId,
      guest_agent_id: FALLBACK_IDS.guestAgentId,
      agent: await agentLanding(deps.db, FALLBACK_IDS.agentId),
    }),
  );
  route(app, c.getAgentInfoEnroll, async (request, reply) => {
    const a = await findAgent(deps.db, request.query.agent_id);
    if (!a) return noContent(reply);
    return ok({
      agent_id: a.agent_id,
      first_name: a.first_name,
      middle_name: a.middle_name,
      last_name: a.last_name,
      agent_code: a.agent_code,
      display_name: a.display_name,
    });
  });
  route(app, c.getGroupInfoEnroll, async (request, reply) => {
    const g = await findGroup(deps.db, request.query.group_id);
    return g ? ok({ group_id: g.group_id, gname: g.gname, gcode: g.gcode }) : noContent(reply);
  });
  /** The signed-in member's own info (the uid query of the documents opens nothing). */
  route(app, c.getMemberInfo, async (request) => {
    const account = requireAccount(request, ['member']);
    const m = await findMember(deps.db, account.user_id!);
    if (!m) throw notFound();
    return ok(m);
  });
};
export default landingRoutes;
