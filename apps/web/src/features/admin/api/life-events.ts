import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { decideLifeEvent, getAdminLifeEvents } from '@store/domain/contract/life-events';
import type { TLifeEventDecisionRequest } from '@store/domain/life-events';
import { call } from '../../../lib/api-client';

/** Life events (issue 38): the proofs the operator reviews. */
export const lifeEventsKey = ['admin', 'life-events'] as const;

export const useAdminLifeEvents = () => useQuery({ queryKey: lifeEventsKey, queryFn: async () => (await call(getAdminLifeEvents)).data });

export const useDecideLifeEvent = (id: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TLifeEventDecisionRequest) => (await call(decideLifeEvent, { params: { id }, body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: lifeEventsKey }),
  });
};
