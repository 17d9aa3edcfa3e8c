import { useQuery } from '@tanstack/react-query';
import { getMemberPayments } from '@store/domain/contract/ledger';
import { call } from '../../../../lib/api-client';
import { memberHomeKey } from './get-member-home';

/** Under the member home's key: a change of payment method (which refreshes the home) refreshes the payments too. */
export const memberPaymentsKey = [...memberHomeKey, 'payments'] as const;

/** The member's payments (issue 36): what was paid, what is due next and when, and a failed payment. */
export const useMemberPayments = () =>
  useQuery({ queryKey: memberPaymentsKey, queryFn: async () => (await call(getMemberPayments)).data, staleTime: 0 });
