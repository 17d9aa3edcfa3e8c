import { z } from 'zod';

/** Path and query ids arrive as text: coerced to positive 32-bit integers. */
export const zId = z.coerce.number().int().positive().max(2_147_483_647);
/** An optional id in a query ('' , 'null' and 'undefined' count as absent). */
export const zOptionalId = z.preprocess(
  (v) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v),
  z.coerce.number().int().positive().max(2_147_483_647).optional(),
);
/** An enrollment id (tempId) as it reaches the server. */
export const zEnrollmentId = z
  .string()
  .trim()
  .min(1, 'Field is required')
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'Invalid enrollment');
/** `:id` of a path. */
export const ZIdParams = z.object({ id: zId });
