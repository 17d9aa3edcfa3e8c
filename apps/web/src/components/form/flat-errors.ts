import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * react-hook-form's errors as one record by field name ('condition_questions.0.conditions.0.date_of_onset'): a
 * resolver's flat keys and setError's nested objects alike, for the messages beside the fields and the error summary.
 */
export function flatErrors<T extends FieldValues>(errors: FieldErrors<T>): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (v: unknown, path: string) => {
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.message === 'string' && ('type' in o || 'ref' in o)) {
      if (o.message) out[path] = o.message;
      return;
    }
    for (const [k, x] of Object.entries(o)) if (k !== 'ref' && k !== 'root') walk(x, path ? `${path}.${k}` : k);
  };
  walk(errors, '');
  return out;
}
