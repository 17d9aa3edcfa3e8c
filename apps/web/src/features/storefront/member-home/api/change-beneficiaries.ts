import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { changeMemberBeneficiaries } from '@store/domain/contract/member-home';
import type { ZChangeBeneficiariesRequest } from '@store/domain/member-home';
import { call } from '../../../../lib/api-client';
import { memberHomeKey } from './get-member-home';

export const changeBeneficiaries = async (body: z.output<typeof ZChangeBeneficiariesRequest>) =>
  (await call(changeMemberBeneficiaries, { body })).data;

export const useChangeBeneficiaries = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changeBeneficiaries, onSuccess: () => qc.invalidateQueries({ queryKey: memberHomeKey }) });
};
