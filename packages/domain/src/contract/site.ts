import { z } from 'zod';
import { ZKeyValue, ZSiteInfo, ZState } from '../site.ts';
import { endpoint } from './endpoint.ts';

/** Site, branding and start-up look-ups of storefront.md (204 when a look-up finds nothing). */
const ZDomainQuery = z.object({ site_domain: z.string().trim().min(1).max(400) });

export const ZDomainSiteInfo = z.object({ gid: z.number().nullable(), portal_id: z.number().nullable(), kind: z.string() });
export type TDomainSiteInfo = z.infer<typeof ZDomainSiteInfo>;

export const getSiteInfo = endpoint({
  method: 'GET',
  path: '/api/v1/site',
  summary: "Get the site's branding and settings",
  tags: ['site'],
  response: ZSiteInfo,
});
export const getExternalSiteDynamicInformation = endpoint({
  method: 'GET',
  path: '/api/v1/get-external-site-dynamic-information',
  summary: "Get an external site's pages and content",
  tags: ['site'],
  query: ZDomainQuery,
  response: z.array(ZKeyValue),
});
export const getDomainSiteInformation = endpoint({
  method: 'GET',
  path: '/api/v1/get-domainSite-infromation',
  summary: 'Get the site of a domain',
  tags: ['site'],
  query: ZDomainQuery,
  response: ZDomainSiteInfo,
});
/**
 * storefront.md section 4 and 7: the start-up look-up of an external site by name ("the external-site or websites
 * query"). HTTP 204 when no active site has that name or host: the visitor goes to /404.
 */
export const getExternalSiteInformation = endpoint({
  method: 'GET',
  path: '/api/v1/get-external-site-infromation',
  summary: 'Find an external site by name or host',
  tags: ['site'],
  query: z.object({ site_name: z.string().trim().min(1, 'Field is required').max(200) }),
  response: ZSiteInfo,
});
export const getElevateInfo = endpoint({
  method: 'GET',
  path: '/api/v1/get-elevate-info',
  summary: "Get the Elevate partner's portal",
  tags: ['site'],
  response: z.object({ portal_id: z.number() }),
});
export const getGoenrollFooterPlan = endpoint({
  method: 'GET',
  path: '/api/v1/get-goenroll-footer-plan',
  summary: 'Get the plan shown in the footer',
  tags: ['site'],
  response: z.object({ plan_id: z.number().nullable() }),
});
export const getTicketLink = endpoint({
  method: 'GET',
  path: '/api/v1/get-ticket-link',
  summary: 'Get the support ticket link',
  tags: ['site'],
  response: z.object({ ticket: z.string() }),
});
export const getStates = endpoint({
  method: 'GET',
  path: '/api/v1/get-states',
  summary: 'List US states',
  tags: ['site'],
  response: z.object({ result: z.array(ZState) }),
});
/** The server's health: not the envelope ({status, database}), hidden from the API document. */
export const healthz = endpoint({
  method: 'GET',
  path: '/healthz',
  summary: 'Check that the server and its database answer',
  tags: ['health'],
});
/**
 * The process's liveness ({status: 'ok'}), without its database: a liveness check must not restart a process that is
 * waiting for its database to come back (issue 40). Hidden from the API document.
 */
export const livez = endpoint({
  method: 'GET',
  path: '/livez',
  summary: 'Check that the server process answers',
  tags: ['health'],
});
