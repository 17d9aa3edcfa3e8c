import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@store/domain/contract/endpoint';
import {
  cancelEnrollment,
  createCarrier,
  downloadCarrierFile,
  getCarrierFile,
  listCarrierFiles,
  listCarriers,
  listEnrollmentCarrierFiles,
  resolveCarrierFile,
  saveCarrier,
  uploadAcknowledgment,
} from '@store/domain/contract/carriers';
import type { TCancelEnrollmentRequest, TCarrierFormOut, TNewCarrierFormOut } from '@store/domain/carriers';
import type { TCarrierFileStatus } from '@store/domain/codes';
import { ApiError, call } from '../../../lib/api-client';

/** The carriers and their 834 files (issue 23): typed by the contract (packages/domain/src/contract/carriers.ts). */
export const carrierKeys = {
  all: ['admin', 'carriers'] as const,
  files: (query: object) => ['admin', 'carriers', 'files', query] as const,
  file: (id: number) => ['admin', 'carriers', 'file', id] as const,
};

export const useCarriers = () => useQuery({ queryKey: carrierKeys.all, queryFn: async () => (await call(listCarriers)).data.items });

export const useCarrierFiles = (query: { status?: TCarrierFileStatus; offset: number; limit: number }) =>
  useQuery({
    queryKey: carrierKeys.files(query),
    queryFn: async () => (await call(listCarrierFiles, { query })).data,
    placeholderData: keepPreviousData,
  });

/** The X12 text of a file (text/plain, not the JSON envelope); a refusal carries the server's message. */
export async function fetchCarrierFileText(id: number): Promise<string> {
  const res = await fetch(fillPath(getCarrierFile.path, { id }), { credentials: 'same-origin', headers: { accept: 'text/plain' } });
  if (!res.ok) {
    const json = await res.json().catch(() => null);
    throw new ApiError(res.status, json?.message ?? `Request failed (${res.status})`, Array.isArray(json?.data) ? json.data : [], json);
  }
  return res.text();
}

export const useCarrierFileText = (id: number) =>
  useQuery({ queryKey: carrierKeys.file(id), queryFn: () => fetchCarrierFileText(id), retry: false });

/** Where the browser saves a file from (a fresh second factor; the server writes an audit row). */
export const carrierFileDownloadUrl = (id: number) => fillPath(downloadCarrierFile.path, { id });

/** Marks a file no 999 accepted as resolved: its retention starts (audited). */
export function useResolveCarrierFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(resolveCarrierFile, { params: { id } })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: carrierKeys.all }),
  });
}

export function useUploadAcknowledgment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) => (await call(uploadAcknowledgment, { body: { content } })).data.files,
    onSuccess: () => qc.invalidateQueries({ queryKey: carrierKeys.all }),
  });
}

/** A carrier's settings (422 with field errors beside the fields). */
export function useSaveCarrier(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCarrierFormOut) => (await call(saveCarrier, { params: { id }, body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: carrierKeys.all }),
  });
}

/** A new carrier (decision 2640, amended: it appoints every current rep unless unticked). */
export function useCreateCarrier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TNewCarrierFormOut) => (await call(createCarrier, { body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: carrierKeys.all }),
  });
}

/** One enrollment's entries in the carriers' files, with each file's status and the carrier's errors in words. */
export const useEnrollmentCarrierFiles = (id: string) =>
  useQuery({
    queryKey: [...carrierKeys.all, 'enrollment', id],
    queryFn: async () => (await call(listEnrollmentCarrierFiles, { params: { id } })).data.items,
    retry: false,
  });

/** The operator's "Cancel enrollment": refreshes every console read (the enrollment, its files). */
export function useCancelEnrollment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCancelEnrollmentRequest) => (await call(cancelEnrollment, { params: { id }, body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
