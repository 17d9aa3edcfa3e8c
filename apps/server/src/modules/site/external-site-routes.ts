import type { FastifyPluginAsync } from 'fastify';
import { getExternalSiteInformation } from '@store/domain/contract/site';
import { noContent, ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { findActiveSiteHostByName } from './external-site-repository.ts';
import { siteForHost } from './service.ts';

/** The external-site start-up look-up (storefront.md section 4): the site's info, or 204 when there is none. */
const externalSiteRoutes: FastifyPluginAsync = async (app) => {
  route(app, getExternalSiteInformation, async (request, reply) => {
    const host = await findActiveSiteHostByName(app.db, request.query.site_name);
    if (!host) return noContent(reply);
    return { ...ok(await siteForHost(app.db, host)), statusCode: 200 };
  });
};

export default externalSiteRoutes;
