import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ZSecondFactorRequest, type TSecondFactorRequest } from '@store/domain/auth';
import { TextField } from './fields';
import { Button } from '../ui/button';
import { applyServerErrors } from './server-errors';
import { FormErrorSummary } from './error-summary';

/** A code of the authenticator app (or a recovery code), for the operator's sign-in and the console's checks. */
export function CodeForm({ submitLabel, onCode }: { submitLabel: string; onCode: (body: TSecondFactorRequest) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TSecondFactorRequest>({
    resolver: zodResolver(ZSecondFactorRequest),
    defaultValues: { code: '' },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onCode(values);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['code']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="card form-stack">
      <FormErrorSummary form={formState} formError={formError} />
      <TextField
        label={t('Authenticator code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        hint={t('The 6-digit code of your authenticator app, or one of your recovery codes.')}
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" busy={formState.isSubmitting}>
        {t(submitLabel)}
      </Button>
    </form>
  );
}
