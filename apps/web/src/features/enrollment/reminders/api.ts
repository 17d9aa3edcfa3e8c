import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUnsubscribeStatus } from '@store/domain/reminders';
import { api } from '../../../lib/api-client';

/** The unsubscribe link of the reminder e-mails: its state (GET only reads) and the change (POST, CSRF). */
const statusKey = (token: string) => ['reminders-unsubscribe', token] as const;

export function useUnsubscribeStatus(token: string) {
  return useQuery({
    queryKey: statusKey(token),
    queryFn: async () => (await api.get<TUnsubscribeStatus>(`/api/v1/reminders/unsubscribe/${encodeURIComponent(token)}`)).data,
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<TUnsubscribeStatus>('/api/v1/reminders/unsubscribe', { token })).data,
    onSuccess: (data) => qc.setQueryData(statusKey(token), data),
  });
}
