import { useMutation } from '@tanstack/react-query';
import { openRepEnrollment as openEndpoint } from '@store/domain/contract/rep-home';
import type { TContinueResult } from '@store/domain/enrollment';
import { call } from '../../../../lib/api-client';
import { storage } from '../../../../lib/storage';

/** What the browser needs to open the rep's own enrollment in the wizard. */
export const openRepEnrollment = async (id: string) => (await call(openEndpoint, { params: { id } })).data;

/** Stores the values a continued enrollment uses (enrollment.md section 4.12), as a continue with a code does. */
export function storeOpened(r: TContinueResult) {
  storage.remove('nav_array');
  storage.set('tempId', r.enrollment_id);
  const o = r.others;
  if (o.group_id) storage.set('group_id', o.group_id);
  else storage.remove('group_id');
  if (o.platform_group_id) storage.set('portal_id', o.platform_group_id);
  if (o.agent_id) storage.set('agent_id', o.agent_id);
  if (o.open_type) storage.set('open_type', o.open_type);
  if (o.eprocess) storage.set('eprocess', o.eprocess);
  storage.set('enroll_type', o.type === 'existing-user' || o.type === 'existing-member' ? 'existing-member' : o.type || 'new-member');
  storage.set('continue_track', 'true');
}

export const useOpenRepEnrollment = () => useMutation({ mutationFn: openRepEnrollment, onSuccess: storeOpened });
