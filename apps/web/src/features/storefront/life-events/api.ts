import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeLifeEventCoverage,
  changeLifeEventPlan,
  getLifeEventPlanOptions,
  getGroupLifeEvents,
  getMemberLifeEvents,
  getRepLifeEvents,
  previewLifeEventChange,
  reportMemberLifeEvent,
  uploadLifeEventDocument,
} from '@store/domain/contract/life-events';
import type { TLifeEventChangeRequest, TReportLifeEventRequest } from '@store/domain/life-events';
import type { TLifeEventPlanChangeRequest } from '@store/domain/life-event-plans';
import { call } from '../../../lib/api-client';
import { memberHomeKey } from '../member-home/api/get-member-home';

/** Life events (issue 38): the member's events and household, and its changes. */
export const lifeEventsKey = ['member-life-events'] as const;

export const useLifeEvents = () =>
  useQuery({ queryKey: lifeEventsKey, queryFn: async () => (await call(getMemberLifeEvents)).data, staleTime: 0 });

function useRefreshing<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: lifeEventsKey });
      await qc.invalidateQueries({ queryKey: memberHomeKey });
    },
  });
}

export const useReportLifeEvent = () =>
  useRefreshing(async (body: TReportLifeEventRequest) => (await call(reportMemberLifeEvent, { body })).data);

export const useUploadLifeEventDocument = () =>
  useRefreshing(
    async (v: { id: number; file_name: string; data_url: string }) =>
      (await call(uploadLifeEventDocument, { params: { id: v.id }, body: { file_name: v.file_name, data_url: v.data_url } })).data,
  );

export const useChangeLifeEventCoverage = () =>
  useRefreshing(
    async (v: { id: number; body: TLifeEventChangeRequest }) =>
      (await call(changeLifeEventCoverage, { params: { id: v.id }, body: v.body })).data,
  );

/** The life events of the rep's clients (statuses only). */
export const useRepLifeEvents = () =>
  useQuery({ queryKey: ['rep-home', 'life-events'] as const, queryFn: async () => (await call(getRepLifeEvents)).data });

/** The life events of the group's employees (statuses only). */
export const useGroupLifeEvents = () =>
  useQuery({ queryKey: ['group-home', 'life-events'] as const, queryFn: async () => (await call(getGroupLifeEvents)).data });

/** What removing a person would do (the new tier and monthly amount), asked while the confirmation is open. */
export const useLifeEventChangePreview = (eventId: number, body: TLifeEventChangeRequest | null) =>
  useQuery({
    queryKey: ['member-life-events', 'preview', eventId, body] as const,
    queryFn: async () => (await call(previewLifeEventChange, { params: { id: eventId }, body: body! })).data,
    enabled: body !== null,
    staleTime: 0,
    gcTime: 0,
  });

/** The plans the member may change to in the event's window, priced from its effective date. */
export const useLifeEventPlanOptions = (eventId: number) =>
  useQuery({
    queryKey: ['member-life-events', 'plan-options', eventId] as const,
    queryFn: async () => (await call(getLifeEventPlanOptions, { params: { id: eventId } })).data,
    staleTime: 0,
  });

export const useChangeLifeEventPlan = () =>
  useRefreshing(
    async (v: { id: number; body: TLifeEventPlanChangeRequest }) =>
      (await call(changeLifeEventPlan, { params: { id: v.id }, body: v.body })).data,
  );
