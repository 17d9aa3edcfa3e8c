import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';

/**
 * The saving of a member-home change form (address, beneficiaries, payment method): saved, the form closes; refused,
 * the server's field errors go beside their fields and anything else to the summary, and what was typed stays.
 */
export function useChangeSave<T extends FieldValues, V>(
  save: (values: V) => Promise<unknown>,
  setError: UseFormSetError<T>,
  onDone: (saved: boolean) => void,
) {
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: V) => {
    setFormError(null);
    try {
      await save(values);
      onDone(true);
    } catch (e) {
      setFormError(applyServerErrors(e, setError));
    }
  };
  return { formError, submit };
}

/** A member-home change form: the error summary first, the fields, then Save and Cancel. */
export function ChangeForm({
  onSubmit,
  formState,
  formError,
  onCancel,
  children,
}: {
  onSubmit: (e: FormEvent) => Promise<void>;
  formState: { submitCount: number; isSubmitting: boolean; errors: FieldErrors };
  formError: string | null;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form className="form-stack mh-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormErrorSummary form={formState} formError={formError} />
      {children}
      <div className="mh-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}
