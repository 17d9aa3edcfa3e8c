import type { TSecondFactorRequest } from '@store/domain/auth';
import { checkSecondFactor } from '@store/domain/contract/auth';
import { ApiError, call } from '../../../lib/api-client';

/** The console's fresh check before it shows personal data: a code of the authenticator app or a recovery code. */
export const postCheckSecondFactor = async (body: TSecondFactorRequest) => (await call(checkSecondFactor, { body })).data;

/** The server asks for a fresh second-factor check before it shows personal data (403 naming `second_factor`). */
export const needsSecondFactor = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && err.fieldErrors.some((e) => e.target_element === 'second_factor');
