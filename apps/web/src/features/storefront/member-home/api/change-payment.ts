import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeMemberPayment, changeMemberPaymentMethod } from '@store/domain/contract/member-home';
import type { TChangePaymentMethodRequest, TChangePaymentRequest } from '@store/domain/member-home';
import { call } from '../../../../lib/api-client';
import { memberHomeKey } from './get-member-home';

export const changePayment = async (body: TChangePaymentRequest) => (await call(changeMemberPayment, { body })).data;

/** A card from Stripe's Payment Element (its PaymentMethod id; decision 2670). */
export const changePaymentMethod = async (body: TChangePaymentMethodRequest) => (await call(changeMemberPaymentMethod, { body })).data;

export const useChangePaymentMethod = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changePaymentMethod, onSuccess: () => qc.invalidateQueries({ queryKey: memberHomeKey }) });
};

export const useChangePayment = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changePayment, onSuccess: () => qc.invalidateQueries({ queryKey: memberHomeKey }) });
};
