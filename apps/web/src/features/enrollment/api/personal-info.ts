import {
  saveEnrollerCode as saveEnrollerCodeEndpoint,
  savePersonalInfo as savePersonalInfoEndpoint,
} from '@store/domain/contract/enrollment';
import { call } from '../../../lib/api-client';
import type { StepBodyOf } from './body';

/** Saves the personal information step (its form's values, empty ones left out). */
export const savePersonalInfo = (enrollmentId: string, values: StepBodyOf<typeof savePersonalInfoEndpoint>) =>
  call(savePersonalInfoEndpoint, { body: { enrollment_id: enrollmentId, ...values } });

/** Saves the enroller code; resolves to the code as stored (upper case). */
export const saveEnrollerCode = async (enrollmentId: string, enrollerCode: string) =>
  (await call(saveEnrollerCodeEndpoint, { body: { enrollment_id: enrollmentId, enrollerCode } })).data.enrollerCode;
