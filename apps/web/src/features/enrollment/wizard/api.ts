import { useQuery } from '@tanstack/react-query';
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

export function useDynamicTabs(enrollmentId: string | null) {
  return useQuery({
    queryKey: ['dynamic-tabs', enrollmentId],
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
export function useFieldDefs(path: string, enrollmentId: string | null) {
  return useQuery({
    queryKey: ['field-defs', path, enrollmentId],
    enabled: !!enrollmentId,
    staleTime: 0,
    gcTime: 0,
    queryFn: async () => {
      const r = await api.get<{ result: TFieldDef[] }>(path, { enrollment_id: enrollmentId! });
      const out: FieldDefs = {};
      for (const d of r.data?.result ?? []) out[d.field_name] = d;
      return out;
    },
  });
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

export function useOptions<T = { name: string; value: string }>(path: string, enrollmentId?: string | null, pick: (data: unknown) => T[] = (d) => ((d as { result?: T[] })?.result ?? []) as T[]) {
  return useQuery({
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
  });
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
