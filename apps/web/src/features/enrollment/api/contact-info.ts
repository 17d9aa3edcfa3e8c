import {
  getZipInfo,
  saveContactInfo as saveContactInfoEndpoint,
  validateMemberEmail,
  validatePhoneNumverify,
} from '@store/domain/contract/enrollment';
import { call } from '../../../lib/api-client';
import type { StepBodyOf } from './body';

export const saveContactInfo = (enrollmentId: string, values: StepBodyOf<typeof saveContactInfoEndpoint>) =>
  call(saveContactInfoEndpoint, { body: { enrollment_id: enrollmentId, ...values } });

/** The e-mail check (format, and for the owner whether a member has it); null when it could not be asked. */
export const checkMemberEmail = async (enrollmentId: string, email: string) =>
  (await call(validateMemberEmail, { body: { email, enrollment_id: enrollmentId } }).catch(() => null))?.data ?? null;

/** The phone check (format, and for the owner whether a member has it); null when it could not be asked. */
export const checkPhone = async (enrollmentId: string, phone: string) =>
  (await call(validatePhoneNumverify, { query: { phone, enrollment_id: enrollmentId } }).catch(() => null))?.data ?? null;

/** Zip to city and state from the server's zip database (throws ApiError with the zip's message). */
export const fetchZipInfo = async (zip: string) => (await call(getZipInfo, { query: { zip } })).data;
