import { SAVED_TAB_ROUTES } from '@store/domain/codes';
import type { TContinueResult } from '@store/domain/enrollment';
import { storage } from '../../../lib/storage';
import { queryClient } from '../../../lib/query-client';
import { dynamicTabsKey, fetchDynamicTabs } from '../api/dynamic-tabs';
import { storeContinued } from '../api/continue';

/** After a continue: store the session values, build the step list, and return the saved tab's route. */
export async function openSavedTab(r: TContinueResult, savedTab: string | null): Promise<string> {
  storeContinued(r);
  const tabs = await fetchDynamicTabs(r.enrollment_id);
  storage.set('nav_array', tabs);
  queryClient.setQueryData(dynamicTabsKey(r.enrollment_id), tabs);
  const tab = savedTab ?? r.saved_tab ?? 'primary_info';
  if (tab === 'cart_info') {
    storage.set('show-quotation', 'no');
    return '/cart';
  }
  return SAVED_TAB_ROUTES[tab] ?? SAVED_TAB_ROUTES.primary_info;
}
