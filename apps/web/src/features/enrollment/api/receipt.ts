import { useQuery } from '@tanstack/react-query';
import { fillPath } from '@store/domain/contract/endpoint';
import { getReceipt, getReceiptPdf } from '@store/domain/contract/enrollment-finish';
import { buildUrl, call } from '../../../lib/api-client';

/** The receipt of a completed enrollment (kept for the page; not asked again). */
export const useReceipt = (enrollmentId: string | null) =>
  useQuery({
    queryKey: ['receipt', enrollmentId],
    enabled: !!enrollmentId,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => (await call(getReceipt, { query: { enrollment_id: enrollmentId! } })).data,
  });

/** The address of the receipt's PDF (a download link, not a fetch). */
export const receiptPdfUrl = (enrollmentId: string) => buildUrl(fillPath(getReceiptPdf.path, undefined), { enrollment_id: enrollmentId });
