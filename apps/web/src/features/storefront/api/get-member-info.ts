import { useQuery } from '@tanstack/react-query';
import { getMemberInfo } from '@store/domain/contract/landing';
import { call } from '../../../lib/api-client';

/** The signed-in member's name and id (get-member-info): the member home's greeting and the tier choice's quote. */
export const useMemberInfo = () =>
  useQuery({
    queryKey: ['member-info'],
    queryFn: async () => (await call(getMemberInfo)).data,
  });
