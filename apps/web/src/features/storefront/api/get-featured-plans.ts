import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getFeaturedPlans } from '@store/domain/contract/storefront';
import { call } from '../../../lib/api-client';
import { useVisitorQuery } from './visitor-query';

/** The featured plans; their short texts come in the language on screen (Accept-Language), so the language is in the key. */
export function useFeaturedPlans() {
  const q = useVisitorQuery();
  const lang = useTranslation().i18n.language === 'es' ? 'es' : 'en';
  return useQuery({
    queryKey: ['featured-plans', q, lang],
    queryFn: async () => (await call(getFeaturedPlans, { query: q })).data ?? [],
    staleTime: 5 * 60_000,
  });
}
