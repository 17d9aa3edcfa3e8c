import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ZKeyValue, ZSiteInfo, ZState } from '@store/domain/site';
import { US_STATES } from '@store/domain/states';
import { noContent, responses, ok } from '../../lib/http.ts';
import { decodeDomain, siteForHost } from './service.ts';
import { mediaPath } from '../catalog/cache.ts';

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

  app.get(
    '/api/v1/get-external-site-infromation',
    {
      schema: {
        tags: ['site'],
        querystring: z.object({ site_name: z.string().trim().min(1).max(200) }),
        response: { 200: z.object({ status: z.literal('success'), statusCode: z.literal(200), data: ZSiteInfo }) },
      },
    },
    async (request, reply) => {
      const name = request.query.site_name.toLowerCase();
      const site = await app.db.selectFrom('sites').select('host').where((eb) => eb.or([eb('host', '=', name), eb(eb.fn('lower', ['name']), '=', name)])).executeTakeFirst();
      if (!site) return noContent(reply);
      return { status: 'success' as const, statusCode: 200 as const, data: await siteForHost(app.db, site.host) };
    },
  );

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

  /** A public media file: its type, bytes and content hash (migration 1101). */
  const publicMedia = async (id: string) =>
    (await sql<{ content_type: string; data: Uint8Array; hash: string }>`select content_type, data, hash from media where id = ${id} and not private`.execute(app.db)).rows[0];
  const sendMedia = (reply: FastifyReply, media: { content_type: string; data: Uint8Array }, cacheControl: string) => {
    const type = media.content_type;
    reply.header('cache-control', cacheControl);
    reply.header('x-content-type-options', 'nosniff');
    // SVG is served as an image that cannot run script even when opened directly.
    if (type === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.type(type).send(Buffer.from(media.data));
  };
  const zMediaId = z.string().max(200).regex(/^[A-Za-z0-9._-]+$/);

  // The plain URL (kept for every link already out there): kept by caches for five minutes.
  app.get('/media/:id', { schema: { hide: true, params: z.object({ id: zMediaId }) } }, async (request, reply) => {
    const media = await publicMedia(request.params.id);
    if (!media) return reply.code(404).send({ status: 'error', message: 'Not found' });
    return sendMedia(reply, media, 'public, max-age=300');
  });

  // The content-hashed URL (modules/catalog/cache.ts mediaPath): its bytes never change, so caches keep it a year.
  // A hash that is not the file's (it changed since the link was made) is sent on to the current one.
  app.get('/media/:hash/:id', { schema: { hide: true, params: z.object({ hash: z.string().regex(/^[0-9a-f]{16}$/), id: zMediaId }) } }, async (request, reply) => {
    const media = await publicMedia(request.params.id);
    if (!media) return reply.code(404).send({ status: 'error', message: 'Not found' });
    if (!media.hash.startsWith(request.params.hash)) {
      reply.header('cache-control', 'no-cache');
      return reply.redirect(mediaPath(request.params.id, media.hash), 302);
    }
    return sendMedia(reply, media, 'public, max-age=31536000, immutable');
  });
};
export default siteRoutes;
