import { useQuery } from '@tanstack/react-query';
import { getMemberHome } from '@store/domain/contract/member-home';
import { call } from '../../../../lib/api-client';

export const memberHomeKey = ['member-home'] as const;

/** The signed-in member's coverage, documents, payment method and beneficiaries. */
export const getMemberHomeData = async () => (await call(getMemberHome)).data;

export const useMemberHome = () => useQuery({ queryKey: memberHomeKey, queryFn: getMemberHomeData, staleTime: 0 });
