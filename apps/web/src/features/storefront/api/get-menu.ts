import { useQuery } from '@tanstack/react-query';
import { getCommonMenu, getGroupMenu } from '@store/domain/contract/storefront';
import { call } from '../../../lib/api-client';
import { useStored } from '../../../lib/storage';
import { useVisitorQuery, type VisitorQuery } from './visitor-query';

export const commonMenuKey = (q: VisitorQuery, fromSite: string | null) => ['common-menu', q, fromSite] as const;

/** The category menu (get-common-menu, or get-group-menu for group visitors). */
export function useCommonMenu() {
  const q = useVisitorQuery();
  const fromSite = useStored('fromSite');
  const group = q.open_type === 'group' && q.group_id;
  return useQuery({
    queryKey: commonMenuKey(q, fromSite),
    queryFn: async () => {
      const r = group
        ? await call(getGroupMenu, { query: { group_id: q.group_id, from_site: fromSite === 'elevate' ? fromSite : undefined } })
        : await call(getCommonMenu, { query: q });
      return r.statusCode === 204 ? [] : (r.data ?? []);
    },
    // The common menu came with the page (src/app/seed-query-cache.ts): the header paints with it, without a round trip.
    staleTime: 5 * 60_000,
  });
}
