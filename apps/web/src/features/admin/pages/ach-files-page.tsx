import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { ACH_DELIVERY_TEXT, ZAchSettingsForm, type TAchDelivery, type TAchFileRow } from '@store/domain/ledger';
import { TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { fetchAchFileText, useAchFiles, useSaveAchRetention } from '../api/ledger';
import { AdminTable } from '../components/admin-table';
import { useFreshSecondFactor } from '../components/fresh-second-factor';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';
import { when } from '../components/when';
import { AchSettingsForm } from '../components/ach-settings-form';

/**
 * The day's NACHA files of bank debits (issue 36) with their totals; a file's text is taken after a fresh code of the
 * authenticator (account numbers are in clear in it; the server writes who took it in the audit log); the retention.
 */
export function AchFilesPage() {
  const { t } = useTranslation();
  const files = useAchFiles();
  const d = files.data;
  return (
    <section>
      <h1>{t('ACH files')}</h1>
      {files.isLoading && <Spinner />}
      {files.error && <Alert>{t(files.error.message)}</Alert>}
      {d && (
        <>
          <p>
            {t('{{files}} files, {{entries}} debits, {{total}} in all.', {
              files: d.totals.files,
              entries: d.totals.entries,
              total: formatCents(d.totals.total_cents),
            })}
          </p>
          <AdminTable
            caption={t('ACH files')}
            columns={[t('File'), t('Created'), t('Settles'), t('Debits'), t('Total'), t('Kept until'), t('Delivery'), '']}
            rows={d.items}
            empty={t('No files.')}
            row={(f) => <FileRow key={f.id} file={f} />}
          />
          <RetentionForm days={d.retention_days} />
          <AchSettingsForm />
        </>
      )}
    </section>
  );
}

function FileRow({ file }: { file: TAchFileRow }) {
  const { t } = useTranslation();
  const { guard, dialog } = useFreshSecondFactor();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setError(null);
    setBusy(true);
    try {
      const text = await guard(() => fetchAchFileText(file.id));
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.file_name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr>
      <td>{file.file_name}</td>
      <td>{isoToUs(file.created_on)}</td>
      <td>{isoToUs(file.effective_on)}</td>
      <td>{file.entry_count}</td>
      <td>{formatCents(file.total_cents)}</td>
      <td>{file.purged_at ? `${t('Deleted')} ${when(file.purged_at)}` : isoToUs(file.keep_until)}</td>
      <td>
        <DeliveryStatus delivery={file.delivery} />
      </td>
      <td>
        {!file.purged_at && (
          <Button variant="secondary" busy={busy} aria-label={`${t('Download')}: ${file.file_name}`} onClick={download}>
            {t('Download')}
          </Button>
        )}
        {error && <Alert>{t(error)}</Alert>}
        {dialog}
      </td>
    </tr>
  );
}

/** Where the file is on its way to the bank (decision 2670): the delivery machinery's columns, said in words. */
function DeliveryStatus({ delivery: d }: { delivery: TAchDelivery }) {
  const { t } = useTranslation();
  if (d.status === 'delivered') return <>{t(ACH_DELIVERY_TEXT.delivered, { at: when(d.at) })}</>;
  if (d.status === 'retrying' || d.status === 'failed') {
    const text = t(ACH_DELIVERY_TEXT[d.status], { attempts: d.attempts, error: d.error });
    return d.status === 'failed' ? <strong className="ach-delivery-failed">{text}</strong> : <>{text}</>;
  }
  return <>{t(ACH_DELIVERY_TEXT[d.status])}</>;
}

type RetentionIn = z.input<typeof ZAchSettingsForm>;
type RetentionOut = z.output<typeof ZAchSettingsForm>;

function RetentionForm({ days }: { days: number }) {
  const { t } = useTranslation();
  const save = useSaveAchRetention();
  const outcome = useSaveOutcome();
  const { register, handleSubmit, setError, formState } = useForm<RetentionIn, unknown, RetentionOut>({
    resolver: zodResolver(ZAchSettingsForm),
    defaultValues: { retention_days: days },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((v) =>
    outcome.attempt(
      () => save.mutateAsync(v.retention_days),
      'Saved.',
      (err) => applyServerErrors(err, setError, ['retention_days']),
    ),
  );
  const error = formState.errors.retention_days?.message;
  return (
    <form className="admin-form admin-card" onSubmit={onSubmit} noValidate aria-label={t('Retention of ACH files')}>
      <div className="wide">
        <SaveOutcome outcome={outcome} form={formState} />
      </div>
      <TextField
        label={t('Keep ACH files for (days)')}
        inputMode="numeric"
        hint={t('A file is deleted this many days after it was made.')}
        error={error && t(error)}
        {...register('retention_days')}
      />
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save')}
        </Button>
      </div>
    </form>
  );
}
