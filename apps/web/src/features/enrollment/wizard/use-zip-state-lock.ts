import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { TEXT } from '@store/domain/texts';
import { api, ApiError } from '../../../lib/api-client';

/** Zip to state from the server's zip database. */
export async function lookupZipState(zip: string): Promise<{ state: string; city: string } | { error: string }> {
  try {
    const r = await api.get<{ state: string; city: string }>('/api/v1/get-zip-info', { zip });
    return r.data;
  } catch (err) {
    return { error: err instanceof ApiError ? (err.fieldErrors[0]?.error_message ?? err.message) : TEXT.INVALID_ZIP };
  }
}

/**
 * Sections 4.3 and 4.4: typing a 5-digit zip looks up the state and locks the state field; editing the zip
 * clears and unlocks it; a failed look-up shows its message on the zip and clears the state.
 * The form must have `zip`, `state` and (with fillCity) `city` fields.
 */
export function useZipStateLock<T extends FieldValues>(form: UseFormReturn<T>, initiallyLocked: boolean, opts: { fillCity?: boolean } = {}) {
  const f = form as unknown as UseFormReturn<{ zip: string; state: string; city: string }>;
  const [stateLocked, setStateLocked] = useState(initiallyLocked);
  const onZip = async (zip: string) => {
    if (!/^\d{5}$/.test(zip)) {
      if (stateLocked) {
        f.setValue('state', '');
        setStateLocked(false);
      }
      return;
    }
    const r = await lookupZipState(zip);
    if (f.getValues('zip') !== zip) return;
    if ('error' in r) {
      f.setValue('state', '');
      setStateLocked(false);
      f.setError('zip', { type: 'server', message: r.error });
    } else {
      f.clearErrors(['zip', 'state']);
      f.setValue('state', r.state);
      if (opts.fillCity && !f.getValues('city')) f.setValue('city', r.city);
      setStateLocked(true);
    }
  };
  return { stateLocked, onZip };
}
