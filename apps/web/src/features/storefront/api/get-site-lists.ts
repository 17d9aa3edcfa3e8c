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

export function useTicketLink() {
  return useQuery({
    queryKey: ['ticket-link'],
    queryFn: async () => (await call(getTicketLink)).data.ticket,
    staleTime: Infinity,
  });
}
