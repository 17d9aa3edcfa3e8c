import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@store/domain/contract/endpoint';
import {
  exportLedger,
  getAchFile,
  getAchSettings,
  getLedger,
  listAchFiles,
  refundPayment,
  saveAchRetention,
  saveAchSettings,
  verifyLedger,
} from '@store/domain/contract/ledger';
import type { TLedgerQuery, TRefundRequestIn } from '@store/domain/ledger';
import type { TAchSettingsIn } from '@store/domain/ach-settings';
import { ApiError, call } from '../../../lib/api-client';

/** The ledger and the NACHA files (issue 36): typed by the contract (packages/domain/src/contract/ledger.ts). */
export const ledgerKeys = {
  all: ['admin', 'ledger'] as const,
  rows: (q: TLedgerQuery) => ['admin', 'ledger', 'rows', q] as const,
  ach: ['admin', 'ach-files'] as const,
};

const clean = (q: TLedgerQuery): TLedgerQuery =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as TLedgerQuery;

/** The rows and totals of a query (the search form fetches it first, to place a 422 beside its fields). */
export const ledgerQuery = (q: TLedgerQuery) => ({
  queryKey: ledgerKeys.rows(q),
  queryFn: async () => (await call(getLedger, { query: clean(q) })).data,
  retry: false,
});

/** Nothing is asked before the operator searches (`q` null). */
export const useLedger = (q: TLedgerQuery | null) => useQuery({ ...ledgerQuery(q ?? {}), enabled: q !== null });

/** Where the browser saves the CSV of the same query from. */
export const ledgerCsvHref = (q: TLedgerQuery) => `${exportLedger.path}?${new URLSearchParams(clean(q) as Record<string, string>)}`;

/** A refund (the caller guards it with a fresh second factor); the ledger's rows are read again after it. */
export function useRefundPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TRefundRequestIn) => (await call(refundPayment, { body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}

export const useAchFiles = () => useQuery({ queryKey: ledgerKeys.ach, queryFn: async () => (await call(listAchFiles)).data });

/** A NACHA file's text (text/plain, not the JSON envelope); a refusal (403 for a stale second factor) carries its message. */
export async function fetchAchFileText(id: number): Promise<string> {
  const res = await fetch(fillPath(getAchFile.path, { id }), { credentials: 'same-origin', headers: { accept: 'text/plain' } });
  if (!res.ok) {
    const json = await res.json().catch(() => null);
    throw new ApiError(res.status, json?.message ?? `Request failed (${res.status})`, Array.isArray(json?.data) ? json.data : [], json);
  }
  return res.text();
}

export function useSaveAchRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (retention_days: number) => (await call(saveAchRetention, { body: { retention_days } })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.ach }),
  });
}

/** The ledger's hash chain, checked by the server when the operator asks. */
export const useVerifyLedger = () => useMutation({ mutationFn: async () => (await call(verifyLedger)).data });

/** The NACHA file's originator, bank and delivery (issue 36); the save needs a fresh second factor. */
export const useAchSettings = () =>
  useQuery({ queryKey: [...ledgerKeys.ach, 'settings'], queryFn: async () => (await call(getAchSettings)).data });
export function useSaveAchSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TAchSettingsIn) => (await call(saveAchSettings, { body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.ach }),
  });
}
