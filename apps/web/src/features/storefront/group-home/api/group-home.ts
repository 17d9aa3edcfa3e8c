import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getGroupEnrollmentWindow,
  getGroupHome,
  remindEmployees,
  saveGroupWindow,
  uploadCensus,
  waiveEmployee,
} from '@store/domain/contract/group-home';
import type { TCensusUpload, TEnrollmentWindowForm } from '@store/domain/group-home';
import { call } from '../../../../lib/api-client';

/** The group administrator's home: employees with their status, the window, the enrollment link. */
const HOME_KEY = ['group-home'] as const;
export const useGroupHome = () => useQuery({ queryKey: HOME_KEY, queryFn: async () => (await call(getGroupHome)).data });

function useHomeMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: HOME_KEY }) });
}

export const useSaveWindow = () => useHomeMutation(async (body: TEnrollmentWindowForm) => (await call(saveGroupWindow, { body })).data);
export const useUploadCensus = () => useHomeMutation(async (body: TCensusUpload) => (await call(uploadCensus, { body })).data);
export const useRemindEmployees = () => useHomeMutation(async () => (await call(remindEmployees)).data);
export const useWaiveEmployee = () =>
  useHomeMutation(
    async (v: { id: number; waived: boolean }) => (await call(waiveEmployee, { params: { id: v.id }, body: { waived: v.waived } })).data,
  );

/** The public window of a group (its landing page says when enrollment opens); null when no such group. */
export const useGroupWindow = (groupId: string | null) =>
  useQuery({
    queryKey: ['group-enrollment-window', groupId],
    enabled: !!groupId,
    staleTime: 60_000,
    queryFn: async () => {
      const r = await call(getGroupEnrollmentWindow, { query: { group_id: groupId! } });
      return r.statusCode === 204 ? null : r.data;
    },
  });
