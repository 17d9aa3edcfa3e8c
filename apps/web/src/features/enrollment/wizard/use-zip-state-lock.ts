import { useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { TEXT } from '@store/domain/texts';
import { ApiError } from '../../../lib/api-client';
import { fetchZipInfo } from '../api/contact-info';

/** Zip to state from the server's zip database. */
export async function lookupZipState(zip: string): Promise<{ state: string; city: string } | { error: string }> {
  try {
    return await fetchZipInfo(zip);
  } catch (err) {
    return { error: err instanceof ApiError ? (err.fieldErrors[0]?.error_message ?? err.message) : TEXT.INVALID_ZIP };
  }
}

/**
 * Sections 4.3 and 4.4: typing a 5-digit zip looks up the state and locks the state field; editing the zip
 * clears and unlocks it; a failed look-up shows its message on the zip and clears the state.
 * The form must have `zip`, `state` and (with fillCity) `city` fields. With fillCity the zip's city fills an empty
 * city, or replaces the city that an earlier look-up (or `autoCity`, the city the form started with from the quote)
 * put there; a city the person typed stays.
 */
export function useZipStateLock<T extends FieldValues>(
  form: UseFormReturn<T>,
  initiallyLocked: boolean,
  opts: { fillCity?: boolean; autoCity?: string } = {},
) {
  const f = form as unknown as UseFormReturn<{ zip: string; state: string; city: string }>;
  const [stateLocked, setStateLocked] = useState(initiallyLocked);
  const autoCity = useRef(opts.autoCity ?? '');
  // The last look-up with what it sets, so that a save can wait for it (below).
  const lookup = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(false);
  const onZip = (zip: string) => {
    const done = lookUp(zip);
    lookup.current = done;
    return done;
  };
  const lookUp = async (zip: string) => {
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
      const city = f.getValues('city');
      if (opts.fillCity && (!city || city === autoCity.current)) {
        f.setValue('city', r.city);
        autoCity.current = r.city;
      }
      setStateLocked(true);
    }
  };
  /**
   * A save (the form's submit) that first waits for the zip's look-up in flight: pressed right after typing the zip,
   * it would be refused for the empty state, and the answer would then clear that refusal, leaving the person on the
   * step with nothing said and nothing saved. A second press while it waits does nothing more.
   */
  const afterLookup =
    (save: () => Promise<void>) =>
    async (e?: { preventDefault(): void }): Promise<void> => {
      e?.preventDefault();
      if (waiting.current) return;
      waiting.current = true;
      try {
        for (let last = lookup.current; ; last = lookup.current) {
          await last;
          if (last === lookup.current) break;
        }
      } finally {
        waiting.current = false;
      }
      await save();
    };
  return { stateLocked, onZip, afterLookup };
}
