import { useDeferredValue } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TabName } from '@store/domain/codes';
import type { TContinueResult, TDynamicTab, TFieldDef } from '@store/domain/enrollment';
import { api } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

/** The wizard's calls: dynamic tabs, field definitions, Save & Continue Later, continue. */
export async function fetchDynamicTabs(enrollmentId: string): Promise<TabName[]> {
  const r = await api.get<TDynamicTab[]>('/get-dynamic-tabs', { enrollment_id: enrollmentId });
  return (r.data ?? [])
    .filter((t) => t.required)
    .sort((a, b) => a.order - b.order)
    .map((t) => t.tab_name);
}

/** The query key of an enrollment's required tabs. */
export const dynamicTabsKey = (enrollmentId: string | null) => ['dynamic-tabs', enrollmentId] as const;

export function useDynamicTabs(enrollmentId: string | null) {
  return useQuery({
    queryKey: dynamicTabsKey(enrollmentId),
    enabled: !!enrollmentId,
    queryFn: async () => {
      const tabs = await fetchDynamicTabs(enrollmentId!);
      storage.set('nav_array', tabs);
      return tabs;
    },
  });
}

/** Field definitions of a step by field name (required, read-only, value), from the server. */
export type FieldDefs = Record<string, TFieldDef>;

async function loadFieldDefs(path: string, enrollmentId: string): Promise<FieldDefs> {
  const r = await api.get<{ result: TFieldDef[] }>(path, { enrollment_id: enrollmentId });
  const out: FieldDefs = {};
  for (const d of r.data?.result ?? []) out[d.field_name] = d;
  return out;
}

/** Definitions asked for before their step showed (primeFieldDefs): taken once by that step, while fresh. */
const primed = new Map<string, { at: number; defs: Promise<FieldDefs> }>();
const PRIMED_FRESH_MS = 5_000;
const primedKey = (path: string, enrollmentId: string) => `${path}\n${enrollmentId}`;

/**
 * Starts loading a step's field definitions before the step renders (the wizard's first load knows the step from
 * the address while it still waits for the tabs): the step's own query then takes this answer instead of asking
 * again, one round trip later. Kept a few seconds only: a step shown later asks afresh.
 */
export function primeFieldDefs(path: string, enrollmentId: string): void {
  const defs = loadFieldDefs(path, enrollmentId);
  defs.catch(() => undefined); // the step's query reports a failure (and asks again)
  primed.set(primedKey(path, enrollmentId), { at: Date.now(), defs });
}

function takePrimed(path: string, enrollmentId: string): Promise<FieldDefs> | undefined {
  const key = primedKey(path, enrollmentId);
  const hit = primed.get(key);
  primed.delete(key);
  return hit && Date.now() - hit.at < PRIMED_FRESH_MS ? hit.defs : undefined;
}

/**
 * A step's field definitions. Never from an earlier visit's cache (`gcTime` 0: the form takes its first values
 * from them once). The data is handed on as a deferred value: the step's form renders in a background,
 * time-sliced render, not in the blocking one a query's answer causes (a long task on a slow phone).
 */
export function useFieldDefs(path: string, enrollmentId: string | null) {
  const q = useQuery({
    queryKey: ['field-defs', path, enrollmentId],
    enabled: !!enrollmentId,
    staleTime: 0,
    gcTime: 0,
    queryFn: () => takePrimed(path, enrollmentId!) ?? loadFieldDefs(path, enrollmentId!),
  });
  const data = useDeferredValue(q.data);
  return { data, isError: q.isError, error: q.error };
}

/** Initial form values from field definitions ('' for missing). */
export function valuesFrom(defs: FieldDefs | undefined, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = defs?.[n]?.value;
    out[n] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** A list of choices for a step's select or radio buttons (kept 10 minutes): the query useOptions and prefetchOptions share. */
export function optionsQuery<T = { name: string; value: string }>(path: string, enrollmentId?: string | null, pick: (data: unknown) => T[] = (d) => ((d as { result?: T[] })?.result ?? []) as T[]) {
  return {
    queryKey: ['options', path, enrollmentId ?? null],
    staleTime: 10 * 60_000,
    queryFn: async () => {
      try {
        const r = await api.get<unknown>(path, enrollmentId ? { enrollment_id: enrollmentId } : undefined);
        return pick(r.data);
      } catch (err) {
        console.warn('option list not loaded', path, err);
        return [] as T[];
      }
    },
  };
}

export function useOptions<T = { name: string; value: string }>(path: string, enrollmentId?: string | null, pick?: (data: unknown) => T[]) {
  return useQuery(optionsQuery<T>(path, enrollmentId, pick));
}

/** Starts loading a list of choices before its step renders (see primeFieldDefs). */
export function prefetchOptions<T>(queryClient: QueryClient, ...args: Parameters<typeof optionsQuery<T>>): void {
  void queryClient.prefetchQuery(optionsQuery<T>(...args));
}

export async function saveEnrollment(body: { enrollment_id: string; email: string; tab: string; data?: unknown }) {
  return api.post<{ message: string }>('/api/v1/save-enrollment', body);
}

/** Stores what a continued enrollment needs in the browser (section 4.12). */
export function storeContinued(r: TContinueResult) {
  storage.set('tempId', r.enrollment_id);
  const o = r.others;
  if (o.group_id) storage.set('group_id', o.group_id);
  if (o.platform_group_id) storage.set('portal_id', o.platform_group_id);
  if (o.agent_id) storage.set('agent_id', o.agent_id);
  if (o.open_type) storage.set('open_type', o.open_type);
  if (o.eprocess) storage.set('eprocess', o.eprocess);
  storage.set('enroll_type', o.type === 'existing-user' || o.type === 'existing-member' ? 'existing-member' : o.type || 'new-member');
  storage.set('continue_track', 'true');
}
