import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAgentLandingInfo, ZGroupLandingInfo, ZLandingValidation } from '@store/domain/site';
import { FALLBACK_IDS } from '@store/domain/codes';
import { noContent, ok, responses, zId } from '../../lib/http.ts';
import { findAgent, findGroup, findLanding } from './repository.ts';
import { requireAccount } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Landing and about info of reps and groups (public branding only: the query ids choose branding and
 * never open member data), landing-url validation and the default info.
 */
const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  const agentLanding = async (agentId: number) => {
    const a = await findAgent(app.db, agentId);
    if (!a) return null;
    return {
      agent_id: a.agent_id,
      logo: a.logo,
      display_phone: a.display_phone,
      display_email: a.display_email,
      tagline: a.tagline,
      display_about_name: a.display_about_name,
      display_name: a.display_name,
      image: a.image,
      image_link: a.image_link,
      agent_code: a.agent_code,
      agent_bio: a.agent_bio,
      banner_image: a.banner_image,
    };
  };
  const groupLanding = async (groupId: number) => {
    const g = await findGroup(app.db, groupId);
    if (!g) return null;
    return {
      group_id: g.group_id,
      logo: g.logo,
      display_phone: g.display_phone,
      display_email: g.display_email,
      tagline: g.tagline,
      display_about_name: g.display_about_name,
      display_name: g.display_name,
      image: g.image,
      image_link: g.image_link,
      agent_code: g.agent_code ?? null,
      gweb_aboutus: g.gweb_aboutus,
      banner_image: g.banner_image,
    };
  };

  app.get(
    '/api/v1/get-agent-landing-page-info',
    { schema: { tags: ['landing'], querystring: z.object({ agent_id: zId }), response: responses(ZAgentLandingInfo) } },
    async (request, reply) => {
      const info = await agentLanding(request.query.agent_id);
      return info ? ok(info) : noContent(reply);
    },
  );
  app.get(
    '/api/v1/get-agent-about-page-info',
    { schema: { tags: ['landing'], querystring: z.object({ agent_id: zId }), response: responses(z.object({ agent_bio: z.string().nullable(), display_about_name: z.string().nullable() })) } },
    async (request, reply) => {
      const info = await agentLanding(request.query.agent_id);
      return info ? ok({ agent_bio: info.agent_bio, display_about_name: info.display_about_name }) : noContent(reply);
    },
  );
  app.get(
    '/api/v1/get-group-landing-page-info',
    { schema: { tags: ['landing'], querystring: z.object({ group_id: zId }), response: responses(ZGroupLandingInfo) } },
    async (request, reply) => {
      const info = await groupLanding(request.query.group_id);
      return info ? ok(info) : noContent(reply);
    },
  );
  app.get(
    '/api/v1/get-group-about-page-info',
    { schema: { tags: ['landing'], querystring: z.object({ group_id: zId }), response: responses(z.object({ gweb_aboutus: z.string().nullable(), display_about_name: z.string().nullable() })) } },
    async (request, reply) => {
      const info = await groupLanding(request.query.group_id);
      return info ? ok({ gweb_aboutus: info.gweb_aboutus, display_about_name: info.display_about_name }) : noContent(reply);
    },
  );
  app.get(
    '/api/v1/validate-landing-page',
    { schema: { tags: ['landing'], querystring: z.object({ landing_page: z.string().trim().min(1).max(200) }), response: { 200: z.object({ status: z.literal('success'), statusCode: z.literal(200), data: ZLandingValidation }) } } },
    async (request, reply) => {
      const found = await findLanding(app.db, request.query.landing_page);
      if (!found) return noContent(reply);
      return { status: 'success' as const, statusCode: 200 as const, data: found };
    },
  );
  app.get(
    '/api/v1/get-default-info',
    { schema: { tags: ['landing'], response: responses(z.object({ agent_id: z.number(), group_id: z.number(), guest_agent_id: z.number(), agent: ZAgentLandingInfo.nullable() })) } },
    async () =>
      ok({ agent_id: FALLBACK_IDS.agentId, group_id: FALLBACK_IDS.groupId, guest_agent_id: FALLBACK_IDS.guestAgentId, agent: await agentLanding(FALLBACK_IDS.agentId) }),
  );
  app.get(
    '/api/v1/get-agent-info-enroll',
    {
      schema: {
        tags: ['landing'],
        querystring: z.object({ agent_id: zId }),
        response: responses(z.object({ agent_id: z.number(), first_name: z.string(), middle_name: z.string().nullable(), last_name: z.string(), agent_code: z.string(), display_name: z.string().nullable() })),
      },
    },
    async (request, reply) => {
      const a = await findAgent(app.db, request.query.agent_id);
      if (!a) return noContent(reply);
      return ok({ agent_id: a.agent_id, first_name: a.first_name, middle_name: a.middle_name, last_name: a.last_name, agent_code: a.agent_code, display_name: a.display_name });
    },
  );
  app.get(
    '/api/v1/get-group-info-enroll',
    { schema: { tags: ['landing'], querystring: z.object({ group_id: zId }), response: responses(z.object({ group_id: z.number(), gname: z.string(), gcode: z.string() })) } },
    async (request, reply) => {
      const g = await findGroup(app.db, request.query.group_id);
      if (!g) return noContent(reply);
      return ok({ group_id: g.group_id, gname: g.gname, gcode: g.gcode });
    },
  );
  /** The signed-in member's own info (the uid query of the documents opens nothing). */
  app.get(
    '/api/v1/get-member-info',
    {
      schema: {
        tags: ['landing'],
        response: responses(z.object({ user_id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string().nullable(), group_id: z.number().nullable(), agent_id: z.number().nullable() })),
      },
    },
    async (request) => {
      const account = requireAccount(request, ['member']);
      const m = await app.db.selectFrom('members').select(['user_id', 'first_name', 'last_name', 'email', 'group_id', 'agent_id']).where('user_id', '=', account.user_id!).executeTakeFirst();
      if (!m) throw notFound();
      return ok(m);
    },
  );
};
export default landingRoutes;
