import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getEoiOverview, recordEoiDecision, setPlanEvidence } from '@store/domain/contract/coverage-changes';
import type { TEoiDecisionRequest } from '@store/domain/coverage-changes';
import { call } from '../../../lib/api-client';

/** Evidence of insurability (issue 38): the cases waiting for a carrier's decision and the plans that need evidence. */
export const eoiKey = ['admin', 'eoi'] as const;

export const useEoiOverview = () => useQuery({ queryKey: eoiKey, queryFn: async () => (await call(getEoiOverview)).data });

export const useRecordEoiDecision = (policyId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TEoiDecisionRequest) => (await call(recordEoiDecision, { params: { id: policyId }, body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: eoiKey }),
  });
};

export const useSetPlanEvidence = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { planId: number; needs: boolean }) =>
      (await call(setPlanEvidence, { params: { id: v.planId }, body: { needs_evidence: v.needs } })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: eoiKey }),
  });
};
