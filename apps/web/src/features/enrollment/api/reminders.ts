import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getUnsubscribeStatus, unsubscribeReminders } from '@store/domain/contract/reminders';
import { call } from '../../../lib/api-client';

/** The unsubscribe link of the reminder e-mails: its state (GET only reads) and the change (POST, CSRF). */
const statusKey = (token: string) => ['reminders-unsubscribe', token] as const;

export function useUnsubscribeStatus(token: string) {
  return useQuery({
    queryKey: statusKey(token),
    queryFn: async () => (await call(getUnsubscribeStatus, { params: { token } })).data,
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(unsubscribeReminders, { body: { token } })).data,
    onSuccess: (data) => qc.setQueryData(statusKey(token), data),
  });
}
