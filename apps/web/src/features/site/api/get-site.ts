import type { TSiteInfo } from '@store/domain/site';
import { getSiteInfo } from '@store/domain/contract/site';
import { call } from '../../../lib/api-client';
import { startupData } from '../../../lib/startup-data';

/** The server puts the site into index.html (src/app/startup-data.ts): the first render does not wait for /api/v1/site. */
const siteFromPage: TSiteInfo | undefined = startupData.site;

/** The site this host serves (main, dental, partner, go-enroll) with its branding settings. */
export const getSite = async () => (await call(getSiteInfo)).data;

export const siteQuery = {
  queryKey: ['site', typeof window !== 'undefined' ? window.location.host : ''],
  queryFn: getSite,
  initialData: () => siteFromPage,
  staleTime: 5 * 60_000,
};
