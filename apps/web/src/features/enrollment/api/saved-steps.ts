import type { TPlanCart } from '@store/domain/cart';
import type { TEMP_INFO_COLUMNS } from '@store/domain/codes';
import { getEnrollmentTempInfo } from '@store/domain/contract/quote';
import { getPlanCart } from '@store/domain/contract/cart';
import { call } from '../../../lib/api-client';

/**
 * Calls of other modules that the wizard reads: the saved data of a step (get-enrollment-temp-info, modules/quote)
 * and the cart with its charges (get-plan-cart, modules/cart).
 */
type Obj = Record<string, unknown>;
type Column = (typeof TEMP_INFO_COLUMNS)[number];

const readColumn = (enrollmentId: string, column: string) =>
  call(getEnrollmentTempInfo, { query: { enrollment_id: enrollmentId, column: column as Column } });

/** The saved (visible) data of a step by its column, {} when none or when it could not be read. */
export async function fetchSavedStep(enrollmentId: string, column: string): Promise<Obj> {
  return (await fetchSavedStepOrNull(enrollmentId, column)) ?? {};
}

/** The saved step's data, or null when there is none (or it could not be read). */
export async function fetchSavedStepOrNull(enrollmentId: string, column: string): Promise<Obj | null> {
  const r = await readColumn(enrollmentId, column).catch(() => null);
  return (r?.data?.result as Obj | null | undefined) ?? null;
}

/** The effective date saved on the enrollment (mm/dd/yyyy), or null. */
export async function fetchEffectiveDate(enrollmentId: string): Promise<string | null> {
  const r = await readColumn(enrollmentId, 'effective_date').catch(() => null);
  return (r?.data?.result as string | null | undefined) ?? null;
}

/** The cart and what will be charged (throws when it cannot be read). */
export const fetchPlanCart = async (enrollmentId: string): Promise<TPlanCart> =>
  (await call(getPlanCart, { query: { enrollment_id: enrollmentId } })).data;
