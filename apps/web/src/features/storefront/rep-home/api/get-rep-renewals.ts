import { useQuery } from '@tanstack/react-query';
import { getRepRenewals } from '@store/domain/contract/renewals';
import { call } from '../../../../lib/api-client';

/** The rep's renewal list (issue 38): clients whose price rises more than 10 %, whose plan is discontinued, or whose payment fails. */
export const useRepRenewals = () =>
  useQuery({ queryKey: ['rep-home', 'renewals'] as const, queryFn: async () => (await call(getRepRenewals)).data });
