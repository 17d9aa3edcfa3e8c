import { useMutation, useQuery } from '@tanstack/react-query';
import { changePaymentByLink, changePaymentMethodByLink, getPaymentChangeLink } from '@store/domain/contract/payment-change';
import type { TChangePaymentMethodRequest, TChangePaymentRequest } from '@store/domain/member-home';
import { call } from '../../../lib/api-client';

/** What a failed payment's one-time link shows: whose payment, what they may pay with, until when (GET only reads). */
export const usePaymentChangeLink = (token: string) =>
  useQuery({
    queryKey: ['payment-change-link', token],
    queryFn: async () => (await call(getPaymentChangeLink, { params: { token } })).data,
    retry: false,
  });

/** Saves the new payment method through the link (used once). */
export const useChangePaymentByLink = (token: string) =>
  useMutation({ mutationFn: async (body: TChangePaymentRequest) => (await call(changePaymentByLink, { body: { ...body, token } })).data });

/** A card from Stripe's Payment Element through the link (decision 2670). */
export const useChangePaymentMethodByLink = (token: string) =>
  useMutation({
    mutationFn: async (body: TChangePaymentMethodRequest) => (await call(changePaymentMethodByLink, { body: { ...body, token } })).data,
  });
