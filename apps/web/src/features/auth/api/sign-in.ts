import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMe, TSecondFactorRequest, TSignInRequest } from '@store/domain/auth';
import { secondFactor, signIn } from '@store/domain/contract/auth';
import { call } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';
import { setSessionMe } from '../../../lib/session';

/** The password step: signed in, or (operators) the second factor to give next. */
export const postSignIn = async (body: TSignInRequest) => (await call(signIn, { body })).data;
/** The code step of an operator's sign-in (a code of the authenticator app or a recovery code). */
export const postSecondFactor = async (body: TSecondFactorRequest) => (await call(secondFactor, { body })).data;

export function useSignIn() {
  const remember = useRememberSignIn();
  return useMutation({
    mutationFn: postSignIn,
    onSuccess: (me) => {
      if (me.signed_in) remember(me);
    },
  });
}

export function useSecondFactor() {
  const remember = useRememberSignIn();
  return useMutation({ mutationFn: postSecondFactor, onSuccess: remember });
}

function useRememberSignIn() {
  const qc = useQueryClient();
  return (me: TMe) => {
    setSessionMe(qc, me);
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
