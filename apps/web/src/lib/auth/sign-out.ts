import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signOut } from '@store/domain/contract/auth';
import { call } from '../api-client';
import { storage } from '../storage';

export const postSignOut = async () => {
  await call(signOut);
};

/** Logout clears the session and all local storage, then returns to /. */
export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postSignOut,
    onSettled: () => {
      storage.clearAll();
      qc.clear();
      window.location.assign('/');
    },
  });
}
