import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptPaymentAuthorization, getEsignConsent, getPaymentAuthorization, giveEsignConsent } from '@store/domain/contract/consent';
import { ESIGN_VERSION } from '@store/domain/consent';
import { call } from '../../../lib/api-client';

/** Proof of consent (issue 22): the ESIGN consent and the payment authorization of an enrollment. */
export const esignConsentQuery = (enrollmentId: string) => ({
  queryKey: ['esign-consent', enrollmentId],
  queryFn: async () => (await call(getEsignConsent, { query: { enrollment_id: enrollmentId } })).data,
});
export const useEsignConsent = (enrollmentId: string) => useQuery(esignConsentQuery(enrollmentId));

export function useGiveEsignConsent(enrollmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (language: 'en' | 'es') =>
      call(giveEsignConsent, { body: { enrollment_id: enrollmentId, version: ESIGN_VERSION, agreed: true, language } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['esign-consent', enrollmentId] }),
  });
}

export const usePaymentAuthorization = (enrollmentId: string, language: string) =>
  useQuery({
    queryKey: ['payment-authorization', enrollmentId, language],
    gcTime: 0,
    queryFn: async () => (await call(getPaymentAuthorization, { query: { enrollment_id: enrollmentId } })).data,
  });

export function useAcceptPaymentAuthorization(enrollmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (textSha256: string) =>
      call(acceptPaymentAuthorization, { body: { enrollment_id: enrollmentId, text_sha256: textSha256, agreed: true } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['payment-authorization', enrollmentId] }),
  });
}

export { signedApplicationUrl } from './signed-application-url';
