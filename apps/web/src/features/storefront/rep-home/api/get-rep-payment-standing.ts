import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRepPaymentStanding } from '@store/domain/contract/ledger';
import { call } from '../../../../lib/api-client';

/** The rep's clients' payment standing (issue 36), a page at a time. */
export const useRepPaymentStanding = (query: { limit: number; offset: number }) =>
  useQuery({
    queryKey: ['rep-home', 'payment-standing', query] as const,
    queryFn: async () => (await call(getRepPaymentStanding, { query })).data,
    placeholderData: keepPreviousData,
  });
