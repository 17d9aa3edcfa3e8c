import { useQuery } from '@tanstack/react-query';
import { getRepUnconfirmedPayments } from '@store/domain/contract/coverage-confirmation';
import { call } from '../../../../lib/api-client';

/** The rep's members' paid plans their carrier has not confirmed within its window (issue 39). */
export const useRepUnconfirmed = () =>
  useQuery({ queryKey: ['rep-home', 'unconfirmed'] as const, queryFn: async () => (await call(getRepUnconfirmedPayments)).data.items });
