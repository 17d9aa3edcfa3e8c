import { storage } from '../../../lib/storage';

/** What the store keeps when a member's quote starts (the tier choice and the household's new quote): then /plans. */
export function keepMemberQuote(d: { temp_enrollment_id: string; portal_id?: number | null }) {
  storage.set('tempId', d.temp_enrollment_id);
  if (d.portal_id) storage.set('portal_id', d.portal_id);
  storage.set('eprocess', 'applicant');
  storage.set('enroll_type', 'existing-member');
  storage.set('isFilterDataSubmitted', 'true');
}
