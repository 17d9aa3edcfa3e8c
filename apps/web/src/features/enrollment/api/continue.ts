import {
  continueEnrollment as continueEndpoint,
  directContinue as directContinueEndpoint,
  saveEnrollment as saveEnrollmentEndpoint,
} from '@store/domain/contract/enrollment';
import type { TContinueForm, TContinueResult } from '@store/domain/enrollment';
import type { TSaveEnrollmentRequest } from '@store/domain/save-enrollment';
import { call } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

/** Save & Continue Later: the step's data (when sent) saved and the enrollment code mailed. */
export const saveEnrollment = (body: { enrollment_id: string; email: string; tab: string; data?: unknown }) =>
  call(saveEnrollmentEndpoint, { body: { ...body, tab: body.tab as TSaveEnrollmentRequest['tab'] } });

/** Continue with the enrollment code and the e-mail. */
export const continueEnrollment = async (values: TContinueForm): Promise<TContinueResult> =>
  (await call(continueEndpoint, { body: values })).data;

/** The signed direct link of the mail. */
export const directContinue = async (id: string): Promise<TContinueResult> => (await call(directContinueEndpoint, { params: { id } })).data;

/** Stores what a continued enrollment needs in the browser (section 4.12). */
export function storeContinued(r: TContinueResult) {
  storage.set('tempId', r.enrollment_id);
  const o = r.others;
  if (o.group_id) storage.set('group_id', o.group_id);
  if (o.platform_group_id) storage.set('portal_id', o.platform_group_id);
  if (o.agent_id) storage.set('agent_id', o.agent_id);
  if (o.open_type) storage.set('open_type', o.open_type);
  if (o.eprocess) storage.set('eprocess', o.eprocess);
  storage.set('enroll_type', o.type === 'existing-user' || o.type === 'existing-member' ? 'existing-member' : o.type || 'new-member');
  storage.set('continue_track', 'true');
}
