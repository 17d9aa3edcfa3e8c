import { createContext, useContext, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TSiteInfo } from '@store/domain/site';
import { Spinner } from '../../components/ui/alert';
import { siteQuery, siteQueryKey } from './api/get-site';

export { siteQuery, siteQueryKey };

/** The site this host serves (main, dental, partner, go-enroll) with its branding settings. */
const SiteContext = createContext<TSiteInfo | null>(null);

export function SiteProvider({ children }: { children: ReactNode }) {
  const { data, isError } = useQuery(siteQuery);
  const fallback: TSiteInfo = {
    host: window.location.hostname,
    kind: 'main',
    name: 'Benefit Store',
    site_flag: 'true',
    group_id: null,
    portal_id: null,
    settings: {},
  };
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
