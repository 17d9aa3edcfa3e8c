import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage, TUploadResponse } from '@store/domain/admin';
import type { TMe, TSecondFactorRequest } from '@store/domain/auth';
import { api, ApiError } from '../../lib/api-client';

/** The console's calls: every list pages on the server ({items, total, limit, offset}). */
type Query = Record<string, string | number | boolean | null | undefined>;

export const ADMIN_API = {
  sites: '/api/admin/sites',
  agents: '/api/admin/agents',
  groups: '/api/admin/groups',
  portals: '/api/admin/portals',
  accounts: '/api/admin/accounts',
  plans: '/api/admin/plans',
  enrollments: '/api/admin/enrollments',
  outbox: '/api/admin/outbox',
  chatLeads: '/api/admin/chat-leads',
  signupRequests: '/api/admin/signup-requests',
  uploads: '/api/admin/uploads',
} as const;

export function useAdminPage<T>(path: string, query: Query) {
  return useQuery({
    queryKey: ['admin', path, query],
    queryFn: async () => (await api.get<TPage<T>>(path, query as never)).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdminGet<T>(path: string | null, query?: Query) {
  return useQuery({
    queryKey: ['admin', path, query ?? {}],
    queryFn: async () => (await api.get<T>(path!, query as never)).data,
    enabled: !!path,
    retry: false,
  });
}

/** A change; on success every console query is refreshed (lists and details stay in step). */
export function useAdminChange<TBody, TResult>(method: 'post' | 'put', path: string | ((body: TBody) => string)) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TBody) => {
      const url = typeof path === 'function' ? path(body) : path;
      return (await (method === 'post' ? api.post<TResult>(url, body) : api.put<TResult>(url, body))).data;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Reads a chosen file as a data URL and uploads it; the server decides the type from the bytes. */
export async function uploadImage(file: File): Promise<TUploadResponse> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
  return (await api.post<TUploadResponse>(ADMIN_API.uploads, { data_url: dataUrl })).data;
}

/** The server asks for a fresh second-factor check before it shows personal data (403 naming `second_factor`). */
export const needsSecondFactor = (err: unknown) => err instanceof ApiError && err.status === 403 && err.fieldErrors.some((e) => e.target_element === 'second_factor');

/** The check: a code of the authenticator app or a recovery code. */
export const checkSecondFactor = async (body: TSecondFactorRequest) => (await api.post<TMe>('/api/auth/second-factor/check', body)).data;
