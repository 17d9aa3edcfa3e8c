import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createMemberAccount, getMemberAccountState, mailMemberSignInLink } from '@store/domain/contract/member-account';
import { call } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

/** Whether the receipt can offer the member an account (decision 2460). */
export const useMemberAccountState = (enrollmentId: string | null) =>
  useQuery({
    queryKey: ['member-account', enrollmentId],
    enabled: !!enrollmentId,
    retry: false,
    queryFn: async () => (await call(getMemberAccountState, { query: { enrollment_id: enrollmentId! } })).data,
  });

/** Makes the account with a password; the browser is then signed in as the member. */
export function useCreateMemberAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { enrollment_id: string; password: string }) => (await call(createMemberAccount, { body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** Mails a one-time sign-in link to the enrollment's e-mail. */
export const useMailMemberLink = () =>
  useMutation({
    mutationFn: async (enrollment_id: string) => (await call(mailMemberSignInLink, { body: { enrollment_id } })).data,
  });
