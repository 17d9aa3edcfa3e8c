import { createContext, useContext, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TSiteInfo } from '@store/domain/site';
import { api } from '../../lib/api-client';
import { Spinner } from '../../components/ui/alert';

/** The site this host serves (main, dental, partner, go-enroll) with its branding settings. */
const SiteContext = createContext<TSiteInfo | null>(null);

export const siteQueryKey = ['site', typeof window !== 'undefined' ? window.location.host : ''] as const;

/** The server puts the site into index.html (src/app/seed-query-cache.ts puts it into the query cache): the first render does not wait for /api/v1/site. */
export const siteQuery = {
  queryKey: siteQueryKey,
  queryFn: async () => (await api.get<TSiteInfo>('/api/v1/site')).data,
  staleTime: 5 * 60_000,
};

export function SiteProvider({ children }: { children: ReactNode }) {
  const { data, isError } = useQuery(siteQuery);
  const fallback: TSiteInfo = { host: window.location.hostname, kind: 'main', name: 'Benefit Store', site_flag: 'true', group_id: null, portal_id: null, settings: {} };
  if (!data && !isError) return <Spinner />;
  return <SiteContext.Provider value={data ?? fallback}>{children}</SiteContext.Provider>;
}

export function useSite(): TSiteInfo {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside SiteProvider');
  return site;
}

/** Site-kind rules of the documents. */
export function useSiteRules() {
  const site = useSite();
  const isDental = site.kind === 'dental';
  return {
    site,
    isDental,
    isGoEnroll: site.kind === 'go-enroll',
    /** The external launcher and registration links show where the site flag is 'false'. */
    showLauncher: site.site_flag === 'false' && !isDental,
    showAbout: !isDental,
  };
}
