import { z } from 'zod';
import { CATEGORY_KEYS } from '../codes.ts';
import { zEnrollmentId } from './params.ts';

/**
 * Request fields shared by the shop's endpoints (catalog, cart, quote): query values arrive as text, so ids are
 * coerced; an empty, 'null' or 'undefined' optional value counts as absent (the documents' callers send those).
 */
export { zEnrollmentId, zId, zOptionalId } from './params.ts';
const absent = (v: unknown) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v);
export const zOptionalEnrollmentId = z.preprocess(absent, zEnrollmentId.optional());
/** An enrollment id that may be missing (public pricing): 'null' and 'undefined' count as absent. */
export const zMaybeEnrollment = z.preprocess(
  absent,
  z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid enrollment')
    .optional(),
);
/** The older calls' enrollment id: any text up to 64 characters (the ownership check refuses unknown ones). */
export const zLooseEnrollmentId = z.string().trim().min(1).max(64);
/** Categories as a comma-separated list (or repeated values). */
export const zCategories = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.enum(CATEGORY_KEYS, { error: 'Unknown category' }))
    .max(20)
    .optional(),
);
