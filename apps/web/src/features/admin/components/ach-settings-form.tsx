import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ZAchSettings, type TAchSettings, type TAchSettingsIn, type TAchSettingsView } from '@store/domain/ach-settings';
import { SelectField, TextAreaField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAchSettings, useSaveAchSettings } from '../api/ledger';
import { useFreshSecondFactor } from './fresh-second-factor';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

const FIELDS = [
  'odfi_routing',
  'odfi_name',
  'company_name',
  'company_id',
  'delivery_method',
  'sftp_host',
  'sftp_port',
  'sftp_username',
  'sftp_remote_dir',
  'sftp_host_key',
  'sftp_password',
] as const;

/**
 * Who originates the day's NACHA file, which bank (ODFI) takes it, and how (the folder, or the bank's SFTP server):
 * issue 36. Saving asks for a fresh code of the authenticator; the SFTP password or key is never shown again.
 */
export function AchSettingsForm() {
  const settings = useAchSettings();
  if (!settings.data) return <Spinner />;
  return <SettingsForm view={settings.data} />;
}

function SettingsForm({ view }: { view: TAchSettingsView }) {
  const { t } = useTranslation();
  const save = useSaveAchSettings();
  const outcome = useSaveOutcome();
  const { guard, dialog } = useFreshSecondFactor();
  const { register, handleSubmit, setError, formState, watch, reset } = useForm<TAchSettingsIn, unknown, TAchSettings>({
    resolver: zodResolver(ZAchSettings),
    defaultValues: { ...view, sftp_password: '' },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((v) =>
    outcome.attempt(
      async () => reset({ ...(await guard(() => save.mutateAsync(v))), sftp_password: '' }),
      'Bank file settings saved.',
      (err) => applyServerErrors(err, setError, FIELDS),
    ),
  );
  const e = formState.errors;
  const msg = (m?: string) => m && t(m);
  const sftp = watch('delivery_method') === 'sftp';
  return (
    <form className="admin-form admin-card" onSubmit={onSubmit} noValidate aria-labelledby="ach-settings-title">
      <h2 id="ach-settings-title" className="wide">
        {t('Bank file settings')}
      </h2>
      <div className="wide">
        <SaveOutcome outcome={outcome} form={formState} />
      </div>
      <TextField
        label={t('Bank routing number (ODFI)')}
        inputMode="numeric"
        error={msg(e.odfi_routing?.message)}
        {...register('odfi_routing')}
      />
      <TextField label={t('Bank name')} error={msg(e.odfi_name?.message)} {...register('odfi_name')} />
      <TextField label={t('Company name')} error={msg(e.company_name?.message)} {...register('company_name')} />
      <TextField label={t('Company identification')} error={msg(e.company_id?.message)} {...register('company_id')} />
      <SelectField
        label={t('How the bank gets the files')}
        options={[
          { value: 'folder', label: 'Kept in the folder for the bank or an operator' },
          { value: 'sftp', label: "Sent to the bank's SFTP server" },
        ]}
        error={msg(e.delivery_method?.message)}
        {...register('delivery_method')}
      />
      {sftp && (
        <>
          <TextField label={t('SFTP host')} error={msg(e.sftp_host?.message)} {...register('sftp_host')} />
          <TextField label={t('SFTP port')} inputMode="numeric" error={msg(e.sftp_port?.message)} {...register('sftp_port')} />
          <TextField label={t('SFTP user name')} autoComplete="off" error={msg(e.sftp_username?.message)} {...register('sftp_username')} />
          <TextField label={t('Folder on the server')} error={msg(e.sftp_remote_dir?.message)} {...register('sftp_remote_dir')} />
          <TextAreaField
            label={t("Server's host key (optional)")}
            rows={2}
            error={msg(e.sftp_host_key?.message)}
            {...register('sftp_host_key')}
          />
          <TextAreaField
            label={t('SFTP password or private key')}
            rows={2}
            autoComplete="off"
            hint={view.sftp_secret_on_file ? t('One is on file: leave this empty to keep it.') : t('None is on file yet.')}
            error={msg(e.sftp_password?.message)}
            {...register('sftp_password')}
          />
        </>
      )}
      <div className="admin-actions wide">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save bank file settings')}
        </Button>
      </div>
      {dialog}
    </form>
  );
}
