import { useCallback, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { Alert } from '../../../components/ui/alert';

/**
 * A console form's save and what it answers: the confirmation when it saved; when it failed, the server's field
 * errors beside their fields (`placeErrors`, usually applyServerErrors) and what is left as the form's message.
 * `attempt` resolves to whether it saved; `saved` is null when the form shows its own answer (or leaves the page).
 * The values typed stay in the form either way. `failures` counts refused saves (an error summary takes the focus
 * again on each).
 */
export function useSaveOutcome() {
  const [formError, setFormError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const attempt = useCallback(
    async (work: () => Promise<unknown>, saved: string | null, placeErrors: (err: unknown) => string | null): Promise<boolean> => {
      setFormError(null);
      setMessage(null);
      try {
        await work();
        setMessage(saved);
        return true;
      } catch (err) {
        setFormError(placeErrors(err));
        setFailures((n) => n + 1);
        return false;
      }
    },
    [],
  );
  /** A confirmation of something saved by other means (an import beside the form): any earlier error goes. */
  const confirm = useCallback((saved: string) => {
    setFormError(null);
    setMessage(saved);
  }, []);
  return { formError, message, failures, setMessage, confirm, attempt };
}

/**
 * What a save left, above the form's fields: the shared error summary (the form's message and the fields' errors; it
 * takes the focus after each refused save, its links lead to the fields) or the confirmation.
 */
export function SaveOutcome({
  outcome,
  form,
}: {
  outcome: Pick<ReturnType<typeof useSaveOutcome>, 'formError' | 'message' | 'failures'>;
  /** react-hook-form's formState (or a form's own errors and count of attempts) */
  form: { errors: FieldErrors; submitCount: number };
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormErrorSummary form={form} formError={outcome.formError} failures={outcome.failures} />
      <Alert kind="success">{outcome.message && t(outcome.message)}</Alert>
    </>
  );
}
