import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '@store/domain/contract/site';
import { US_STATES } from '@store/domain/states';
import { noContent, ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import * as site from './service.ts';
import * as repo from './repository.ts';
import { mediaPath } from '../catalog/index.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** Site, branding and start-up look-ups of storefront.md. */
const siteRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, c.getSiteInfo, async (request) => ok(await site.siteForHost(deps.db, request.headers.host)));
  route(app, c.getExternalSiteDynamicInformation, async (request) => {
    const info = await site.siteForHost(deps.db, site.decodeDomain(request.query.site_domain));
    return ok(Object.entries(info.settings).map(([key, value]) => ({ key, value })));
  });
  route(app, c.getDomainSiteInformation, async (request, reply) => {
    const info = await site.domainSiteInfo(deps.db, request.query.site_domain);
    return info ? { status: 'success' as const, statusCode: 200, data: info } : noContent(reply);
  });
  route(app, c.getExternalSiteInformation, async (request, reply) => {
    const info = await site.siteByName(deps.db, request.query.site_name);
    return info ? { status: 'success' as const, statusCode: 200, data: info } : noContent(reply);
  });
  route(app, c.getElevateInfo, async () => ok({ portal_id: await site.elevatePortalId(deps.db) }));
  route(app, c.getGoenrollFooterPlan, async () => ok({ plan_id: await site.footerPlanId(deps.db) }));
  route(app, c.getTicketLink, async (request) => ok({ ticket: await site.ticketLink(deps.db, request.headers.host) }));
  route(app, c.getStates, async () => ok({ result: US_STATES.map((s) => ({ name: s.name, abbrev: s.abbrev })) }));

  const publicMedia = (id: string) => repo.publicMedia(deps.db, id);
  const sendMedia = (
    request: FastifyRequest,
    reply: FastifyReply,
    media: { content_type: string; data: Uint8Array; hash: string },
    cacheControl: string,
  ) => {
    const type = media.content_type;
    reply.header('cache-control', cacheControl);
    reply.header('x-content-type-options', 'nosniff');
    // The bytes' sha256 is their ETag: a cache that revalidates gets 304 without them while they are the same.
    const etag = `"${media.hash}"`;
    reply.header('etag', etag);
    if (
      String(request.headers['if-none-match'] ?? '')
        .split(',')
        .some((t) => t.trim().replace(/^W\//, '') === etag)
    )
      return reply.code(304).send();
    // SVG is served as an image that cannot run script even when opened directly.
    if (type === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.type(type).send(Buffer.from(media.data));
  };
  const zMediaId = z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9._-]+$/);

  // The plain URL (kept for every link already out there): its bytes can change under it, so caches ask again each
  // time (no-cache) and get 304 while the ETag is the same. The site's images and the plan logos are given out hashed.
  app.get('/media/:id', { schema: { hide: true, params: z.object({ id: zMediaId }) } }, async (request, reply) => {
    const media = await publicMedia(request.params.id);
    if (!media) return reply.code(404).send({ status: 'error', message: 'Not found' });
    return sendMedia(request, reply, media, 'no-cache');
  });

  // The content-hashed URL (modules/catalog/cache.ts mediaPath): its bytes never change, so caches keep it a year.
  // A hash that is not the file's (it changed since the link was made) is sent on to the current one.
  app.get(
    '/media/:hash/:id',
    { schema: { hide: true, params: z.object({ hash: z.string().regex(/^[0-9a-f]{16}$/), id: zMediaId }) } },
    async (request, reply) => {
      const media = await publicMedia(request.params.id);
      if (!media) return reply.code(404).send({ status: 'error', message: 'Not found' });
      if (!media.hash.startsWith(request.params.hash)) {
        reply.header('cache-control', 'no-cache');
        return reply.redirect(mediaPath(request.params.id, media.hash), 302);
      }
      return sendMedia(request, reply, media, 'public, max-age=31536000, immutable');
    },
  );
};
export default siteRoutes;
