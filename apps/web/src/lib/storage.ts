import { useSyncExternalStore } from 'react';

/** Local browser storage keys of the specification (storefront.md section 3, enrollment.md section 3). */
export const STORAGE_KEYS = [
  'group_id',
  'agent_id',
  'AGENT_ID',
  'user_id',
  'USER_ID',
  'open_type',
  'eprocess',
  'portal_id',
  'portal_code',
  'portal_name',
  'tempId',
  'receiptId',
  'cartCount',
  'menuSelectedItem',
  'fromSite',
  'referral',
  'r_valid',
  'r_name',
  'display_name',
  'repInfo',
  'agent_code',
  'deviceId',
  'enroll_type',
  'isFilterDataSubmitted',
  'show-quotation',
  'usertype',
  'username',
  'gname',
  'gcode',
  'isCurrentMemberAvailable',
  'navto',
  'continue_track',
  'nav_array',
  'planId',
  'planName',
  'isPremierPlan',
  'personalCodeRedirection',
  'planList',
  'selectedCategorykey',
  'selectedCategoryValue',
  'notInCategoryArray',
  'enrollerCode',
  'health_track',
  'first_track',
  'isSpouseEnrollAccept',
  'tempDepData',
  'landing',
  'lang',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') window.addEventListener('storage', notify);

export const storage = {
  get(key: StorageKey): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  getJson<T>(key: StorageKey): T | null {
    const v = storage.get(key);
    if (!v) return null;
    try {
      return JSON.parse(v) as T;
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string | number | boolean | object | null | undefined) {
    if (value === null || value === undefined) return storage.remove(key);
    localStorage.setItem(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    notify();
  },
  remove(...keys: StorageKey[]) {
    for (const k of keys) localStorage.removeItem(k);
    notify();
  },
  /**
   * Logout clears all local storage (the device id, whether it is a recorded lead, and the language stay) and the
   * enrollment steps' drafts of this tab (decision 2890).
   */
  clearAll() {
    const kept = KEPT_ON_LOGOUT.map((k) => [k, localStorage.getItem(k)] as const);
    localStorage.clear();
    for (const [k, v] of kept) if (v !== null) localStorage.setItem(k, v);
    for (const k of Object.keys(sessionStorage)) if (k.startsWith(DRAFT_PREFIX)) sessionStorage.removeItem(k);
    notify();
  },
};

/** The enrollment steps' unsaved entries in sessionStorage (features/enrollment/wizard/use-step-draft.ts). */
export const DRAFT_PREFIX = 'enrollment-draft:';

/**
 * What a logout leaves: the device (and the location banner's knowledge that it is a recorded lead or that its
 * visitor said Don't Allow), the language.
 */
const KEPT_ON_LOGOUT = ['deviceId', 'leadRecorded', 'locationDeclined', 'lang'] as const;

/** A stored value that re-renders its component when it changes. */
export function useStored(key: StorageKey): string | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => storage.get(key),
    () => null,
  );
}

/** A unique id for this device (generated once). */
export function deviceId(): string {
  let id = storage.get('deviceId');
  if (!id) {
    id = crypto.randomUUID();
    storage.set('deviceId', id);
  }
  return id;
}
