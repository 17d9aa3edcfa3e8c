import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listInvoices, recordInvoicePayment, reverseInvoicePayment } from '@store/domain/contract/list-bills';
import type { TInvoicePaymentForm } from '@store/domain/list-bill';
import type { TInvoicePaymentReversalForm } from '@store/domain/list-bill-reversal';
import { call } from '../../../lib/api-client';

/** List bills in the console (issue 39): every group's invoices, and the payments the operator records. */
const KEY = ['admin', 'invoices'] as const;

export const useInvoices = () => useQuery({ queryKey: KEY, queryFn: async () => (await call(listInvoices, { query: {} })).data });

export function useRecordInvoicePayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number; body: TInvoicePaymentForm }) =>
      (await call(recordInvoicePayment, { params: { id: v.id }, body: v.body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** A group's payment reversed (decision 2812): a bounced check or a returned ACH, by its reference on the invoice. */
export function useReverseInvoicePayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number; body: TInvoicePaymentReversalForm }) =>
      (await call(reverseInvoicePayment, { params: { id: v.id }, body: v.body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
