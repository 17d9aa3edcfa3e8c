import type { TPlanCart } from '@store/domain/cart';
import { api } from '../../../lib/api-client';

/**
 * Calls of other modules that the wizard reads: the saved data of a step (get-enrollment-temp-info, modules/quote)
 * and the cart with its charges (get-plan-cart, modules/cart). They are not declared in the enrollment contract
 * (packages/domain/src/contract/enrollment*.ts); their answers are typed here, once, until their own modules
 * declare them.
 */
type Obj = Record<string, unknown>;

/** The saved (visible) data of a step by its column, {} when none or when it could not be read. */
export async function fetchSavedStep(enrollmentId: string, column: string): Promise<Obj> {
  try {
    const r = await api.get<{ result: Obj | null }>('/api/v1/get-enrollment-temp-info', { enrollment_id: enrollmentId, column });
    return r.data?.result ?? {};
  } catch {
    return {};
  }
}

/** The saved step's data, or null when there is none (or it could not be read). */
export async function fetchSavedStepOrNull(enrollmentId: string, column: string): Promise<Obj | null> {
  const r = await api
    .get<{ result: Obj | null }>('/api/v1/get-enrollment-temp-info', { enrollment_id: enrollmentId, column })
    .catch(() => null);
  return r?.data?.result ?? null;
}

/** The effective date saved on the enrollment (mm/dd/yyyy), or null. */
export async function fetchEffectiveDate(enrollmentId: string): Promise<string | null> {
  const r = await api
    .get<{ result: string | null }>('/api/v1/get-enrollment-temp-info', { enrollment_id: enrollmentId, column: 'effective_date' })
    .catch(() => null);
  return r?.data?.result ?? null;
}

/** The cart and what will be charged (throws when it cannot be read). */
export const fetchPlanCart = async (enrollmentId: string): Promise<TPlanCart> =>
  (await api.get<TPlanCart>('/api/v1/get-plan-cart', { enrollment_id: enrollmentId })).data;
