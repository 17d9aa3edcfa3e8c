import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TFieldError } from '@store/domain/envelope';
import { ApiError } from '../../lib/api-client';

/** Show a 422's field errors beside the fields they name; returns the message of errors with no field. */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  known?: readonly string[],
): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
  const unplaced: TFieldError[] = [];
  for (const fe of err.fieldErrors) {
    if (!known || known.includes(fe.target_element)) setError(fe.target_element as Path<T>, { type: 'server', message: fe.error_message });
    else unplaced.push(fe);
  }
  if (!err.fieldErrors.length) return err.message;
  return unplaced.length ? unplaced.map((u) => u.error_message).join(' ') : null;
}
