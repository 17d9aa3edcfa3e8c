import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZSignInRequest, type TSignInRequest } from '@store/domain/auth';
import { TextField } from '../../components/form/fields';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/alert';
import { applyServerErrors } from '../../components/form/server-errors';
import { useState } from 'react';
import { homeFor, useSignIn } from './api';

/** /sign-in for reps, group administrators, members and operators. */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TSignInRequest>({ resolver: zodResolver(ZSignInRequest) });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const me = await signIn.mutateAsync(values);
      const next = params.get('next');
      navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : homeFor(me.role));
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['email', 'password']));
    }
  });
  return (
    <section className="page narrow">
      <h1>{t('Sign in')}</h1>
      <p className="muted">{t('For representatives, group administrators, members and operators.')}</p>
      <form onSubmit={onSubmit} noValidate className="card form-stack">
        <Alert>{formError && t(formError)}</Alert>
        <TextField label={t('Email')} type="email" autoComplete="username" error={formState.errors.email?.message} {...register('email')} />
        <TextField label={t('Password')} type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Sign in')}
        </Button>
      </form>
    </section>
  );
}
