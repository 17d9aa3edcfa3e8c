import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { decideLifeEvent, getAdminLifeEvents, getLifeEventSettings, saveLifeEventSettings } from '@store/domain/contract/life-events';
import type { TLifeEventDecisionRequest } from '@store/domain/life-events';
import type { TLifeEventSettingsRequestIn } from '@store/domain/life-event-settings';
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

/** Each event type's window and proof retention (decision 2724); a save needs a fresh second factor. */
export const lifeEventSettingsKey = ['admin', 'life-event-settings'] as const;

export const useLifeEventSettings = () =>
  useQuery({ queryKey: lifeEventSettingsKey, queryFn: async () => (await call(getLifeEventSettings)).data });

export const useSaveLifeEventSettings = (eventType: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TLifeEventSettingsRequestIn) =>
      (await call(saveLifeEventSettings, { params: { event_type: eventType }, body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: lifeEventSettingsKey }),
  });
};
