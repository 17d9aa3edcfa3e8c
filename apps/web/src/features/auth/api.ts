import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMe, TSecondFactorRequest, TSecondFactorResult, TSignInRequest, TSignInResult } from '@store/domain/auth';
import { api } from '../../lib/api-client';
import { storage } from '../../lib/storage';

export const meQuery = { queryKey: ['me'], queryFn: async () => (await api.get<TMe>('/api/auth/me')).data, staleTime: 60_000 };

export const useMe = () => useQuery(meQuery);

/** The password step: signed in, or (operators) the second factor to give next. */
export function useSignIn() {
  const remember = useRememberSignIn();
  return useMutation({
    mutationFn: async (body: TSignInRequest) => (await api.post<TSignInResult>('/api/auth/sign-in', body)).data,
    onSuccess: (me) => {
      if (me.signed_in) remember(me);
    },
  });
}

/** The code step of an operator's sign-in (a code of the authenticator app or a recovery code). */
export function useSecondFactor() {
  const remember = useRememberSignIn();
  return useMutation({
    mutationFn: async (body: TSecondFactorRequest) => (await api.post<TSecondFactorResult>('/api/auth/second-factor', body)).data,
    onSuccess: remember,
  });
}

function useRememberSignIn() {
  const qc = useQueryClient();
  return (me: TMe) => {
    qc.setQueryData(meQuery.queryKey, me);
    // The signed-in person's own ids choose the home variant.
    if (me.role === 'rep') {
      storage.set('eprocess', 'rep');
      storage.set('agent_id', me.agent_id);
      storage.set('AGENT_ID', me.agent_id);
      storage.set('open_type', 'agent');
    } else if (me.role === 'group') {
      storage.set('eprocess', 'group');
      storage.set('group_id', me.group_id);
      storage.set('open_type', 'group');
    } else if (me.role === 'member') {
      storage.set('eprocess', 'applicant');
      storage.set('user_id', me.user_id);
      storage.set('USER_ID', me.user_id);
    }
    if (me.name) storage.set('username', me.name);
    if (me.role) storage.set('usertype', me.role);
  };
}

/** Logout clears the session and all local storage, then returns to /. */
export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.post('/api/auth/sign-out');
    },
    onSettled: () => {
      storage.clearAll();
      qc.clear();
      window.location.assign('/');
    },
  });
}

/** Where a signed-in person starts. */
export function homeFor(role: TMe['role']): string {
  switch (role) {
    case 'rep':
      return '/agent-home';
    case 'group':
      return '/group-home';
    case 'member':
      return '/member-home';
    case 'operator':
      return '/admin';
    default:
      return '/';
  }
}
