import { useCallback, useRef, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '../../../components/form/server-errors';
import type { StepNav } from './contract';

type Maybe<V> = null extends V ? true : undefined extends V ? true : false;
/**
 * A form's checked values with the empty ones left out: a field its schema may leave empty (optional or nullable)
 * becomes optional, a required one stays (the schema refused it empty before this runs). So a step form whose schema
 * is the endpoint's body without the enrollment id gives that body's type, no cast.
 */
export type WithoutEmpty<T> = { [K in keyof T as Maybe<T[K]> extends true ? K : never]?: Exclude<T[K], null> } & {
  [K in keyof T as Maybe<T[K]> extends true ? never : K]: T[K];
};

/** Empty or null values are dropped before sending (section 3). */
export function dropEmpty<T extends Record<string, unknown>>(values: T): WithoutEmpty<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (v !== '' && v !== null && v !== undefined) out[k] = v;
  return out as WithoutEmpty<T>;
}

/**
 * Runs a step's save: on success uploads the step's PNG record, then goes on (Next), opens the Save & Continue Later
 * modal, or does what `mode` says. On failure the server's field errors show beside their fields (the `known` names,
 * or every one when `known` is omitted), anything else as the form's message; the person's entries stay as they were.
 */
export function useStepRunner<T extends FieldValues>(nav: StepNav, setError: UseFormSetError<T>, known?: readonly string[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const run = useCallback(
    async (mode: 'next' | 'later' | (() => Promise<unknown>), save: () => Promise<unknown>) => {
      setFormError(null);
      setBusy(true);
      try {
        await save();
      } catch (err) {
        setFormError(applyServerErrors(err, setError, known));
        setBusy(false);
        return false;
      }
      await nav.captureScreenshot(formRef.current);
      if (typeof mode === 'function') await mode().catch((err: unknown) => setFormError(err instanceof Error ? err.message : String(err)));
      setBusy(false);
      if (mode === 'next') nav.goNext();
      else if (mode === 'later') nav.openSaveForLater();
      return true;
    },
    [nav, setError, known],
  );
  return { formRef, busy, formError, setFormError, run };
}
