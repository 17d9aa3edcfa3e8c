import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZContinueForm, type TContinueForm } from '@store/domain/enrollment';
import { TextField } from '../../../components/form/fields';
import { Button } from '../../../components/ui/button';
import { applyServerErrors } from '../../../components/form/server-errors';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { continueEnrollment } from '../api/continue';
import { openSavedTab } from './open-saved-tab';

/** /continue-enrollment: the enrollment code and e-mail of Save & Continue Later. */
export function ContinueEnrollmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TContinueForm>({
    resolver: zodResolver(ZContinueForm),
    defaultValues: { code: '', email: '' },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const r = await continueEnrollment(values);
      navigate(await openSavedTab(r, r.saved_tab));
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['code', 'email']));
    }
  });
  return (
    <section className="page narrow">
      <h1>{t('Continue Enrollment')}</h1>
      <p className="muted">{t('Enter the enrollment code we e-mailed you and that e-mail address.')}</p>
      <form onSubmit={onSubmit} noValidate className="card form-stack">
        <FormErrorSummary form={formState} formError={formError} />
        <TextField label={t('Enrollment Code')} autoComplete="one-time-code" error={formState.errors.code?.message} {...register('code')} />
        <TextField label={t('Email')} type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Continue')}
        </Button>
      </form>
    </section>
  );
}
