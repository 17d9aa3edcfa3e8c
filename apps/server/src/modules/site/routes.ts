import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZKeyValue, ZSiteInfo, ZState } from '@store/domain/site';
import { US_STATES } from '@store/domain/states';
import { noContent, responses, ok } from '../../lib/http.ts';
import { decodeDomain, siteForHost } from './service.ts';
import externalSiteRoutes from './external-site-routes.ts';

const ZDomainQuery = z.object({ site_domain: z.string().trim().min(1).max(400) });

/** Site, branding and start-up look-ups of storefront.md. */
const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/v1/site', { schema: { tags: ['site'], response: responses(ZSiteInfo) } }, async (request) =>
    ok(await siteForHost(app.db, request.headers.host)),
  );

  app.get(
    '/api/v1/get-external-site-dynamic-information',
    { schema: { tags: ['site'], querystring: ZDomainQuery, response: responses(z.array(ZKeyValue)) } },
    async (request) => {
      const site = await siteForHost(app.db, decodeDomain(request.query.site_domain));
      return ok(Object.entries(site.settings).map(([key, value]) => ({ key, value })));
    },
  );

  app.get(
    '/api/v1/get-domainSite-infromation',
    {
      schema: {
        tags: ['site'],
        querystring: ZDomainQuery,
        response: { 200: z.object({ status: z.literal('success'), statusCode: z.literal(200), data: z.object({ gid: z.number().nullable(), portal_id: z.number().nullable(), kind: z.string() }) }) },
      },
    },
    async (request, reply) => {
      const host = decodeDomain(request.query.site_domain).replace(/:\d+$/, '');
      const site = await app.db.selectFrom('sites').selectAll().where('host', '=', host).where('active', '=', true).executeTakeFirst();
      if (!site) return noContent(reply);
      return { status: 'success' as const, statusCode: 200 as const, data: { gid: site.group_id, portal_id: site.portal_id, kind: site.kind } };
    },
  );

  await app.register(externalSiteRoutes);

  app.get('/api/v1/get-elevate-info', { schema: { tags: ['site'], response: responses(z.object({ portal_id: z.number() })) } }, async () => {
    const p = await app.db.selectFrom('portals').select('platform_group_id').where('platform_code', '=', 'ELEVATE').executeTakeFirst();
    return ok({ portal_id: p?.platform_group_id ?? 502 });
  });

  app.get('/api/v1/get-goenroll-footer-plan', { schema: { tags: ['site'], response: responses(z.object({ plan_id: z.number().nullable() })) } }, async () => {
    const plan = await app.db.selectFrom('plans').select('plan_id').where('featured', '=', true).where('active', '=', true).orderBy('sort_order').orderBy('plan_id').executeTakeFirst();
    return ok({ plan_id: plan?.plan_id ?? null });
  });

  app.get('/api/v1/get-ticket-link', { schema: { tags: ['site'], response: responses(z.object({ ticket: z.string() })) } }, async (request) => {
    const site = await siteForHost(app.db, request.headers.host);
    const email = site.settings.support_email ?? 'support@benefitstore.local';
    return ok({ ticket: `mailto:${email}?subject=${encodeURIComponent('Support ticket')}` });
  });

  app.get('/api/v1/get-states', { schema: { tags: ['site'], response: responses(z.object({ result: z.array(ZState) })) } }, async () =>
    ok({ result: US_STATES.map((s) => ({ name: s.name, abbrev: s.abbrev })) }),
  );

  app.get(
    '/media/:id',
    { schema: { hide: true, params: z.object({ id: z.string().max(200).regex(/^[A-Za-z0-9._-]+$/) }) } },
    async (request, reply) => {
      const media = await app.db.selectFrom('media').select(['content_type', 'data']).where('id', '=', request.params.id).where('private', '=', false).executeTakeFirst();
      if (!media) return reply.code(404).send({ status: 'error', message: 'Not found' });
      const type = media.content_type;
      reply.header('cache-control', 'public, max-age=300');
      reply.header('x-content-type-options', 'nosniff');
      // SVG is served as an image that cannot run script even when opened directly.
      if (type === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.type(type).send(Buffer.from(media.data));
    },
  );
};
export default siteRoutes;
