import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZAccountForm, ZPasswordReset } from '@store/domain/admin-people';
import type { TAccountSummary } from '@store/domain/contract/admin';
import { TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { useCreateAccount, useResetPassword, useSetAccountActive } from '../api';
import { useFreshSecondFactor } from './fresh-second-factor';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

/** An account as a rep's or group's detail lists it. */
type Account = Pick<TAccountSummary, 'id' | 'email' | 'role' | 'active'>;

/**
 * Sign-in accounts of a rep or group: add one, reset a password, deactivate or activate. Each change needs a code of
 * the authenticator app within 5 minutes: when the store asks for one, a dialog does, then the change goes through.
 */
export function AccountsPanel({
  role,
  agentId,
  groupId,
  accounts,
}: {
  role: 'rep' | 'group' | 'operator';
  agentId?: number;
  groupId?: number;
  accounts: Account[];
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-card">
      <h2>{t('Sign-in accounts')}</h2>
      {accounts.length === 0 && <p className="muted">{t('No sign-in account yet.')}</p>}
      {accounts.map((a) => (
        <AccountRow key={a.id} account={a} />
      ))}
      <NewAccount role={role} agentId={agentId} groupId={groupId} />
    </div>
  );
}

function AccountRow({ account }: { account: Account }) {
  const { t } = useTranslation();
  const outcome = useSaveOutcome();
  const { attempt } = outcome;
  const reset = useResetPassword(account.id);
  const toggle = useSetAccountActive(account.id);
  const { guard, dialog } = useFreshSecondFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState,
    reset: clear,
  } = useForm<{ password: string }>({ resolver: zodResolver(ZPasswordReset), shouldFocusError: false });
  const onSubmit = handleSubmit((values) =>
    attempt(
      async () => {
        await guard(() => reset.mutateAsync(values));
        clear();
      },
      'The password was reset. The account was signed out everywhere.',
      (err) => applyServerErrors(err, setError, ['password']),
    ),
  );
  return (
    <>
      <form className="admin-form" onSubmit={onSubmit} noValidate aria-label={account.email}>
        <div className="wide">
          <SaveOutcome outcome={outcome} form={formState} />
        </div>
        <p className="wide">
          <strong>{account.email}</strong> · {account.role} · {account.active ? t('Active') : t('Inactive')}{' '}
          <Button
            variant="link"
            onClick={() =>
              void attempt(
                () => guard(() => toggle.mutateAsync({ active: !account.active })),
                account.active ? 'The account was deactivated. It was signed out everywhere.' : 'The account was activated.',
                (err) => applyServerErrors(err, setError, []),
              )
            }
          >
            {account.active ? t('Deactivate account') : t('Activate account')}
          </Button>
        </p>
        <TextField
          label={t('New password for {{email}}', { email: account.email })}
          type="password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className="admin-actions">
          <Button type="submit" variant="secondary" busy={formState.isSubmitting}>
            {t('Reset password')}
          </Button>
        </div>
      </form>
      {dialog}
    </>
  );
}

const ZNew = ZAccountForm.pick({ email: true, password: true });
function NewAccount({ role, agentId, groupId }: { role: 'rep' | 'group' | 'operator'; agentId?: number; groupId?: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateAccount();
  const { guard, dialog } = useFreshSecondFactor();
  const outcome = useSaveOutcome();
  const { attempt } = outcome;
  const { register, handleSubmit, setError, formState, reset } = useForm<z.infer<typeof ZNew>>({
    resolver: zodResolver(ZNew),
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((values) =>
    attempt(
      async () => {
        await guard(() => create.mutateAsync({ ...values, role, agent_id: agentId ?? null, group_id: groupId ?? null }));
        reset();
      },
      'Account added.',
      (err) => applyServerErrors(err, setError, ['email', 'password']),
    ),
  );
  return (
    <>
      <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <h3 className="wide" id={titleId}>
          {t('Add a sign-in account')}
        </h3>
        <div className="wide">
          <SaveOutcome outcome={outcome} form={formState} />
        </div>
        <TextField label={t('Account e-mail')} type="email" error={formState.errors.email?.message} {...register('email')} />
        <TextField
          label={t('Password')}
          type="password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className="admin-actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {t('Add account')}
          </Button>
        </div>
      </form>
      {dialog}
    </>
  );
}
