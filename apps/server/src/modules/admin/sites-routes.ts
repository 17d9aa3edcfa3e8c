import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSite, getAdminMedia, getSite, listSites, updateSite, updateSiteSettings, uploadImage } from '@store/domain/contract/admin';
import { requireFreshSecondFactor } from '../../lib/access.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { actorOf } from '../../lib/actor.ts';
import { pageSites } from './sites-repository.ts';
import * as sites from './sites-service.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** Sites (white-label hosts), their key/value branding settings, image uploads and stored files. */
const siteRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, listSites, async ({ query: { q, limit, offset } }) => ok({ ...(await pageSites(deps.db, q, limit, offset)), limit, offset }));
  route(app, createSite, async (request) => ok(await sites.createSite(deps.db, actorOf(request), request.body)));
  route(app, getSite, async (request) => ok(await sites.getSiteDetail(deps.db, request.params.id)));
  route(app, updateSite, async (request) => ok(await sites.updateSite(deps.db, actorOf(request), request.params.id, request.body)));
  route(app, updateSiteSettings, async (request) =>
    ok(await sites.replaceSiteSettings(deps.db, actorOf(request), request.params.id, request.body.settings)),
  );
  route(app, uploadImage, async (request) => ok(await sites.uploadImage(deps.db, actorOf(request), request.body.data_url)));

  /** Any stored file (receipts, signatures, screenshots) for operators only, never cached by the browser. */
  route(app, getAdminMedia, async (request, reply) => {
    requireFreshSecondFactor(request);
    const media = await sites.getMedia(deps.db, deps.sealer, request.params.id);
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.type(media.content_type).send(media.bytes);
  });
};
export default siteRoutes;
