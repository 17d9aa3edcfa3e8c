import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../api-client';
import * as quote from '@store/domain/contract/quote';
import { trackElevateTraffic } from '@store/domain/contract/storefront';
import type { EndpointInput } from '@store/domain/contract/endpoint';
import type { TFilterInfo } from '@store/domain/enrollment-record';

import { storage, useStored } from '../storage';
import { sessionKeys, useSession } from '../session';

/**
 * The quote filter of the visitor (storefront.md "Filter (quote) info"): read with get-quote-filter
 * (column filter_info), created with add-filter-for-new-user, changed with change-filter-info/{tempId}.
 * Shared by the storefront, catalog and enrollment (lib/ holds what several features use). Its type is packages/domain's
 * (enrollment-record.ts); the server parses it (get-quote-filter answers it whole), so the browser runs no schema.
 */
export type { TFilterInfo };

/** What the quote forms send; the ids come from storage (newFilterContext). */
export interface TNewFilterFields {
  zip: string;
  dob: string;
  gender: string;
  tier: string;
  referral?: string;
}

/** Only the non-empty fields reach change-filter-info. */
export type TChangeFilterFields = Partial<{
  zip: string;
  dob: string;
  gender: string;
  tier: string;
  is_smoker: string;
  annual_incode: string;
  working_hours: string;
  categories: string | string[];
  coverage: string | string[];
}>;

export const filterInfoKey = (tempId: string | null) => ['filter-info', tempId] as const;

export async function fetchFilterInfo(tempId: string): Promise<TFilterInfo | null> {
  return (await call(quote.getQuoteFilter, { query: { enrollment_id: tempId } })).data?.result ?? null;
}

export const filterInfoQuery = (tempId: string | null) => ({
  queryKey: filterInfoKey(tempId),
  enabled: !!tempId,
  queryFn: () => fetchFilterInfo(tempId!),
  staleTime: 60_000,
});

/** The stored visitor's filter (null when there is no tempId yet). */
export function useFilterInfo() {
  const tempId = useStored('tempId');
  const q = useQuery(filterInfoQuery(tempId));
  return { ...q, tempId, filter: tempId ? (q.data ?? null) : null };
}

/** The ids of a new filter, from the visitor's stored mode (eprocess, open type, rep, group, portal). */
export function newFilterContext() {
  const eprocess = storage.get('eprocess') || 'applicant';
  const openType = storage.get('open_type');
  const enrollType = storage.get('enroll_type');
  return {
    eprocess,
    agent_id: storage.get('agent_id') || undefined,
    group_id: storage.get('group_id') || undefined,
    platform_group_id: storage.get('portal_id') || undefined,
    type: enrollType || (eprocess === 'group' || openType === 'group' ? 'new-group-member' : 'new-member'),
    open_type: openType || undefined,
  };
}

const dropEmpty = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;

export async function createFilter(fields: TNewFilterFields): Promise<string> {
  const body = dropEmpty({ ...newFilterContext(), ...fields });
  const r = await call(quote.addFilterForNewUser, { body: body as EndpointInput<typeof quote.addFilterForNewUser>['body'] });
  const id = r.data.temp_enrollment_id;
  // Visitors sent by the elevate site are counted (a failure is only logged).
  if (storage.get('fromSite') === 'elevate') {
    call(trackElevateTraffic, { body: { enrollment_id: id } }).catch((err) => console.warn('traffic not tracked', err));
  }
  return id;
}

export async function changeFilter(tempId: string, fields: TChangeFilterFields): Promise<void> {
  await call(quote.changeFilterInfo, { params: { tempId }, body: dropEmpty(fields) });
}

/** After a filter is stored: flags set, filter, menu and cart refreshed. */
function afterSaved(qc: ReturnType<typeof useQueryClient>, tempId: string) {
  storage.set('tempId', tempId);
  storage.set('isFilterDataSubmitted', 'true');
  void qc.invalidateQueries({ queryKey: ['filter-info'] });
  void qc.invalidateQueries({ queryKey: ['common-menu'] });
  void qc.invalidateQueries({ queryKey: sessionKeys.all });
  void qc.invalidateQueries({ queryKey: ['plans'] });
}

export function useCreateFilter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createFilter,
    onSuccess: (tempId) => afterSaved(qc, tempId),
  });
}

export function useChangeFilter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (fields: TChangeFilterFields) => {
      const tempId = storage.get('tempId');
      if (!tempId) throw new ApiError(404, 'Enrollment not found');
      await changeFilter(tempId, fields);
      return tempId;
    },
    onSuccess: (tempId) => afterSaved(qc, tempId),
  });
}

/**
 * The quote form's submit (storefront.md section 4): with no tempId a new filter is created and its id
 * stored; with one, the filter is changed. A stored tempId the server no longer knows (404) starts afresh.
 */
export function useSubmitQuote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (fields: TNewFilterFields) => {
      const tempId = storage.get('tempId');
      if (tempId) {
        try {
          await changeFilter(tempId, { zip: fields.zip, dob: fields.dob, gender: fields.gender, tier: fields.tier });
          return tempId;
        } catch (err) {
          if (!(err instanceof ApiError) || err.status !== 404) throw err;
          storage.remove('tempId');
        }
      }
      return createFilter(fields);
    },
    onSuccess: (tempId) => afterSaved(qc, tempId),
  });
}

/** Server check of a zip: null when good, else the first error_message. */
export async function validateZipOnServer(zip: string): Promise<string | null> {
  try {
    await call(quote.validateZipCode, { query: { zip_code: zip } });
    return null;
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 404 || err.status === 0) return null; // not there: the form's own rule decides
      return err.fieldErrors[0]?.error_message ?? err.message;
    }
    return null;
  }
}

/** Server check of a date of birth: null when good, else the first message of errors.dob. */
export async function validateDobOnServer(dob: string): Promise<string | null> {
  try {
    await call(quote.validateDob, { query: { dob } });
    return null;
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 404 || err.status === 0) return null;
      const body = err.body as { errors?: { dob?: string[] } } | undefined;
      return body?.errors?.dob?.[0] ?? err.fieldErrors[0]?.error_message ?? err.message;
    }
    return null;
  }
}

/**
 * Whether a premier plan is in the cart (the session's cart, decision 2760): then IC reads 'Member + 1 Child'. Every
 * change of the cart invalidates ['session'], which asks again.
 */
export function usePremierInCart() {
  return useSession((s) => s.cart?.premier === true).data === true;
}

/** An existing member's quote (add-filter-for-existing-user): the new tempId and the member's portal. */
export const createExistingMemberFilter = async (body: Record<string, unknown>) =>
  (await call(quote.addFilterForExistingUser, { body: body as EndpointInput<typeof quote.addFilterForExistingUser>['body'] })).data;

/** The quote's portal chosen after the filter was made (update-filter-portal). */
export const updateFilterPortal = async (body: { enrollment_id: string; platform_group_id: number; group_id?: number | null }) =>
  (await call(quote.updateFilterPortal, { body })).data;
