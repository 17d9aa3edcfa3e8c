import { getSiteInfo } from '@store/domain/contract/site';
import { call } from '../../api-client';

/** The site this host serves (main, dental, partner, go-enroll) with its branding settings. */
export const getSite = async () => (await call(getSiteInfo)).data;

export const siteQueryKey = ['site', typeof window !== 'undefined' ? window.location.host : ''] as const;

/**
 * The server puts the site into index.html; src/app/seed-query-cache.ts puts it into the query cache under this key,
 * so the first render does not wait for /api/v1/site.
 */
export const siteQuery = {
  queryKey: siteQueryKey,
  queryFn: getSite,
  staleTime: 5 * 60_000,
};
