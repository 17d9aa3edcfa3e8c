import { z } from 'zod';
import { ZDeviceId } from '../storefront.ts';
import { ZSession } from '../session.ts';
import { endpoint } from './endpoint.ts';
import { zOptionalEnrollmentId } from './shop-fields.ts';

/**
 * The visitor's session in one call (decision 2760): the web app asks this once per page load instead of auth/me,
 * get-cart-count, get-cart-amount, get-more-requirement and check-lead-information, which stay for other clients.
 */
export const getSession = endpoint({
  method: 'GET',
  path: '/api/v1/get-session',
  summary: "Get the visitor's session: the signed-in account, the quote's cart, the lead",
  tags: ['session'],
  query: z.object({ enrollment_id: zOptionalEnrollmentId, device_id: ZDeviceId.optional() }),
  response: ZSession,
});
