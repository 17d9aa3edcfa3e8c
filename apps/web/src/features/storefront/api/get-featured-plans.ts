import { useQuery } from '@tanstack/react-query';
import { getFeaturedPlans } from '@store/domain/contract/storefront';
import { call } from '../../../lib/api-client';
import { useVisitorQuery } from './visitor-query';

export function useFeaturedPlans() {
  const q = useVisitorQuery();
  return useQuery({
    queryKey: ['featured-plans', q],
    queryFn: async () => (await call(getFeaturedPlans, { query: q })).data ?? [],
    staleTime: 5 * 60_000,
  });
}
