import { useQuery } from '@tanstack/react-query';
import { getGroupInvoices } from '@store/domain/contract/list-bills';
import { call } from '../../../../lib/api-client';

/** The group's list bills (issue 39), newest first, with their lines and payments. */
export const useGroupInvoices = () =>
  useQuery({ queryKey: ['group-home', 'invoices'], queryFn: async () => (await call(getGroupInvoices)).data });

/** Where an invoice's PDF is downloaded (the signed-in administrator's cookie goes with it). */
export const invoicePdfHref = (id: number) => `/api/v1/group-home/invoices/${id}/pdf`;
