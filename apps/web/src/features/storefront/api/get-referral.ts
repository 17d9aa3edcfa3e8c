import { useQuery } from '@tanstack/react-query';
import { getEnrollmentInfoReferral } from '@store/domain/contract/storefront';
import { call } from '../../../lib/api-client';

export function useReferral(rid: string | null) {
  return useQuery({
    queryKey: ['referral', rid],
    enabled: !!rid,
    queryFn: async () => (await call(getEnrollmentInfoReferral, { query: { referral_id: rid ?? '' } })).data,
  });
}
