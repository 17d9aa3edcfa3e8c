import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZSignInRequest, type TMe, type TSignInRequest, type TSignInResult } from '@store/domain/auth';
import { TextField } from '../../components/form/fields';
import { CodeForm } from '../../components/form/code-form';
import { Button } from '../../components/ui/button';
import { applyServerErrors } from '../../components/form/server-errors';
import { FormErrorSummary } from '../../components/form/error-summary';
import { useState } from 'react';
import { SIGN_IN_LINK_TEXT } from '@store/domain/sign-in-link';
import { homeFor, useSecondFactor, useSignIn } from './api';

/**
 * /sign-in for reps, group administrators, members and operators. Operators then give a code of their
 * authenticator app (at their first sign-in they add the store to the app first, then see their recovery codes once).
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const secondFactor = useSecondFactor();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<TSignInResult | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; me: TMe } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TSignInRequest>({
    resolver: zodResolver(ZSignInRequest),
    // The error summary takes the focus after a refused sign-in; its links lead to the fields.
    shouldFocusError: false,
  });
  const goOn = (me: TMe) => {
    const next = params.get('next');
    navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : homeFor(me.role));
  };
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const me = await signIn.mutateAsync(values);
      if (me.second_factor) setPending(me);
      else goOn(me);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['email', 'password']));
    }
  });
  if (recoveryCodes) {
    return (
      <section className="page narrow">
        <h1>{t('Your recovery codes')}</h1>
        <p>{t('Each code signs you in once if you lose your authenticator. Keep them somewhere safe: they are not shown again.')}</p>
        <ul className="card">
          {recoveryCodes.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <Button type="button" onClick={() => goOn(recoveryCodes.me)}>
          {t('Continue')}
        </Button>
      </section>
    );
  }
  if (pending) {
    return (
      <section className="page narrow">
        <h1>{t('Sign in')}</h1>
        {pending.second_factor === 'enroll' ? (
          <>
            <p>{t('Add the store to your authenticator app with this address or this key, then enter the code it shows.')}</p>
            <dl className="card">
              <dt>{t('Address')}</dt>
              <dd>
                <code style={{ wordBreak: 'break-all' }}>{pending.otpauth_uri}</code>
              </dd>
              <dt>{t('Key')}</dt>
              <dd>
                <code style={{ wordBreak: 'break-all' }}>{pending.totp_secret}</code>
              </dd>
            </dl>
          </>
        ) : (
          <p>{t('Enter the code of your authenticator app.')}</p>
        )}
        <CodeForm
          submitLabel="Sign in"
          onCode={async (body) => {
            const me = await secondFactor.mutateAsync(body);
            if (me.recovery_codes) setRecoveryCodes({ codes: me.recovery_codes, me });
            else goOn(me);
          }}
        />
      </section>
    );
  }
  return (
    <section className="page narrow">
      <h1>{t('Sign in')}</h1>
      <p className="muted">{t('For representatives, group administrators, members and operators.')}</p>
      {/* GET /api/auth/link sends an expired, used or forged link here: say why, where the person is looking. */}
      {params.get('link') === 'invalid' && <p role="alert">{t(SIGN_IN_LINK_TEXT.INVALID)}</p>}
      <form onSubmit={onSubmit} noValidate className="card form-stack">
        <FormErrorSummary form={formState} formError={formError} />
        <TextField label={t('Email')} type="email" autoComplete="username" error={formState.errors.email?.message} {...register('email')} />
        <TextField
          label={t('Password')}
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Sign in')}
        </Button>
      </form>
    </section>
  );
}
