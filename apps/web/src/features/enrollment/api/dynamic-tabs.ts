import { useQuery } from '@tanstack/react-query';
import type { TabName } from '@store/domain/codes';
import { checkTabRequired, getDynamicTabs } from '@store/domain/contract/enrollment';
import { call } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

/** The required tabs of an enrollment, in order (get-dynamic-tabs). */
export async function fetchDynamicTabs(enrollmentId: string): Promise<TabName[]> {
  const r = await call(getDynamicTabs, { query: { enrollment_id: enrollmentId } });
  return (r.data ?? [])
    .filter((t) => t.required)
    .sort((a, b) => a.order - b.order)
    .map((t) => t.tab_name);
}

/** The query key of an enrollment's required tabs. */
export const dynamicTabsKey = (enrollmentId: string | null) => ['dynamic-tabs', enrollmentId] as const;

export const dynamicTabsQuery = (enrollmentId: string | null) => ({
  queryKey: dynamicTabsKey(enrollmentId),
  enabled: !!enrollmentId,
  queryFn: async () => {
    const tabs = await fetchDynamicTabs(enrollmentId!);
    storage.set('nav_array', tabs);
    return tabs;
  },
});

export const useDynamicTabs = (enrollmentId: string | null) => useQuery(dynamicTabsQuery(enrollmentId));

/** Whether a tab is required for this enrollment (null when the answer did not come). */
export async function fetchTabRequired(enrollmentId: string, tab: TabName): Promise<boolean | null> {
  const r = await call(checkTabRequired, { query: { enrollment_id: enrollmentId, tab_name: tab } }).catch(() => null);
  return r ? r.data.result.required : null;
}
