import { useQuery } from '@tanstack/react-query';
import { getStates, getTicketLink } from '@store/domain/contract/site';
import { call } from '../../../lib/api-client';

export function useStates() {
  return useQuery({
    queryKey: ['states'],
    queryFn: async () => (await call(getStates)).data.result,
    staleTime: Infinity,
  });
}

/** The support ticket link: index.html carries it (app/seed-query-cache.ts), so no page asks for it (decision 2760). */
export const ticketLinkKey = ['ticket-link'] as const;

export function useTicketLink() {
  return useQuery({
    queryKey: ticketLinkKey,
    queryFn: async () => (await call(getTicketLink)).data.ticket,
    staleTime: Infinity,
  });
}
