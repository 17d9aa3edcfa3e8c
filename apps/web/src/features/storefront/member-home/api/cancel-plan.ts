import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelMemberPlan } from '@store/domain/contract/coverage-changes';
import { call } from '../../../../lib/api-client';
import { memberHomeKey } from './get-member-home';

/** The member cancels one of their plans (issue 38): it ends at the end of the paid month, billing stops, the carrier is told. */
export const cancelPlan = async (policyId: number) => (await call(cancelMemberPlan, { params: { policy_id: policyId }, body: {} })).data;

export const useCancelPlan = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelPlan, onSuccess: () => qc.invalidateQueries({ queryKey: memberHomeKey }) });
};
