import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeMemberPayment } from '@store/domain/contract/member-home';
import type { TChangePaymentRequest } from '@store/domain/member-home';
import { call } from '../../../../lib/api-client';
import { memberHomeKey } from './get-member-home';

export const changePayment = async (body: TChangePaymentRequest) => (await call(changeMemberPayment, { body })).data;

export const useChangePayment = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changePayment, onSuccess: () => qc.invalidateQueries({ queryKey: memberHomeKey }) });
};
