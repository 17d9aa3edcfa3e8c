import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resendRepResumeCode } from '@store/domain/contract/rep-home';
import { call } from '../../../../lib/api-client';

/** Mails a new enrollment code to the address the enrollment was saved with (the Save & Continue Later mail). */
export const resendRepCode = async (id: string) => (await call(resendRepResumeCode, { params: { id } })).data;

export const useResendRepCode = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendRepCode,
    onSuccess: () => client.invalidateQueries({ queryKey: ['rep-home', 'in-progress'] }),
  });
};
