import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmCoverage,
  listEnrollmentCoverage,
  rejectCoverage,
  settleRejectedPremium,
} from '@store/domain/contract/coverage-confirmation';
import type { TConfirmCoverageRequest, TRejectCoverageRequest, TSettleRejectionRequest } from '@store/domain/coverage-confirmation';
import { call } from '../../../lib/api-client';

/** Issue 39: an enrollment's plans with their carrier's confirmation, and the operator's records of it. */
export const useEnrollmentCoverage = (id: string) =>
  useQuery({
    queryKey: ['admin', 'coverage', id] as const,
    queryFn: async () => (await call(listEnrollmentCoverage, { params: { id } })).data.items,
    retry: false,
  });

const useCoverageChange = <B>(send: (policyId: number, body: B) => Promise<unknown>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ policyId, body }: { policyId: number; body: B }) => send(policyId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
};

export const useConfirmCoverage = () =>
  useCoverageChange((policy_id, body: TConfirmCoverageRequest) => call(confirmCoverage, { params: { policy_id }, body }));
export const useRejectCoverage = () =>
  useCoverageChange((policy_id, body: TRejectCoverageRequest) => call(rejectCoverage, { params: { policy_id }, body }));
export const useSettleRejectedPremium = () =>
  useCoverageChange((policy_id, body: TSettleRejectionRequest) => call(settleRejectedPremium, { params: { policy_id }, body }));
