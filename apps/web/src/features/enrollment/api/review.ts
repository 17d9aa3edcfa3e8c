import { saveReviewInfo } from '@store/domain/contract/enrollment-finish';
import { call } from '../../../lib/api-client';

/** Saves the notes; with `enroll` (the wizard's last Next, first_enroll=1) the enrollment is completed. */
export const saveReview = (enrollmentId: string, notes: string, enroll: boolean) =>
  call(saveReviewInfo, { body: { enrollment_id: enrollmentId, additional_notes: notes, ...(enroll ? { first_enroll: 1 } : {}) } });
