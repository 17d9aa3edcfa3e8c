import { z } from 'zod';
import { ZSiteInfo } from '../site.ts';
import { endpoint } from './endpoint.ts';

/**
 * storefront.md section 4 and 7: the start-up look-up of an external site by name ("the external-site or websites
 * query"). HTTP 204 when no active site has that name or host: the visitor goes to /404.
 */
export const getExternalSiteInformation = endpoint({
  method: 'GET',
  path: '/api/v1/get-external-site-infromation',
  tags: ['site'],
  query: z.object({ site_name: z.string().trim().min(1, 'Field is required').max(200) }),
  response: ZSiteInfo,
});
