import { useQuery } from '@tanstack/react-query';
import { me } from '@store/domain/contract/auth';
import { call } from '../api-client';

/** Who is signed in (anonymous: signed_in false). */
export const getMe = async () => (await call(me)).data;

export const meQuery = { queryKey: ['me'], queryFn: getMe, staleTime: 60_000 };

export const useMe = () => useQuery(meQuery);
