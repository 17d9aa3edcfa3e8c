import type { Sealer } from './crypto.ts';
import { inEnrollmentTabs } from '../db/sealed-columns.ts';

/**
 * Values sealed in an enrollment's saved steps (tabs[<key>]._sealed), opened with the enrollment's context; anything
 * not sealed, or sealed for another enrollment, gives the fallback. Used by the enrollment and by the keeping of its
 * documents (modules/consent), which do not import each other.
 */
export function openSealed<T>(deps: { sealer: Sealer }, enrollmentId: string, value: unknown, fallback: T): T {
  if (typeof value !== 'string' || !deps.sealer.isSealed(value)) return fallback;
  try {
    return deps.sealer.openJson<T>(value, inEnrollmentTabs(enrollmentId));
  } catch {
    return fallback;
  }
}

/** A sealed SSN of the saved steps, or null. */
export function unsealSsn(deps: { sealer: Sealer }, enrollmentId: string, sealed: unknown): string | null {
  if (typeof sealed !== 'string' || !deps.sealer.isSealed(sealed)) return null;
  try {
    return deps.sealer.open(sealed, inEnrollmentTabs(enrollmentId));
  } catch {
    return null;
  }
}
