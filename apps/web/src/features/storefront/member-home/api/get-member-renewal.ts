import { useQuery } from '@tanstack/react-query';
import { getMemberRenewal } from '@store/domain/contract/renewals';
import { call } from '../../../../lib/api-client';

/** The member's next renewal (issue 38): the date and the monthly amount from it. */
export const useMemberRenewal = () =>
  useQuery({ queryKey: ['member-home', 'renewal'] as const, queryFn: async () => (await call(getMemberRenewal)).data });
