import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CARRIER_FILE_STATUSES, type TCarrierFileStatus } from '@store/domain/codes';
import { ZAcknowledgmentUpload, type TCarrierFileRow } from '@store/domain/carriers';
import { TextAreaField } from '../../../components/form/fields';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  carrierFileDownloadUrl,
  useCarrierFiles,
  useCarrierFileText,
  useResolveCarrierFile,
  useUploadAcknowledgment,
} from '../api/carriers';
import { ListFilter, PagedTable, useListState } from '../components/paged-list';
import { when } from '../components/when';
import { FILE_STATUS_LABELS } from '../components/carrier-labels';

/** The 834 files sent to the carriers, their acknowledgment status and errors, and the upload of a 999 or TA1. */
export function CarrierFilesPage() {
  const { t } = useTranslation();
  const l = useListState<TCarrierFileStatus>();
  const list = useCarrierFiles({ status: l.filter || undefined, offset: l.offset, limit: 25 });
  return (
    <section>
      <h1>{t('Carrier files')}</h1>
      <AcknowledgmentForm />
      <ListFilter
        list={l}
        label={t('Status')}
        name="status"
        placeholder="Any status"
        options={CARRIER_FILE_STATUSES.map((s) => ({ value: s, label: FILE_STATUS_LABELS[s] }))}
      />
      <PagedTable
        list={list}
        error={list.error && t(list.error.message)}
        onPage={l.setOffset}
        columns={[t('File'), t('Carrier'), t('Created'), t('Status'), t('Enrollments'), t('Carrier errors'), t('Retention')]}
        empty={t('No files.')}
        row={(f) => (
          <tr key={f.id}>
            <td>
              <Link to={`/admin/carrier-files/${f.id}`}>{f.file_name}</Link>
            </td>
            <td>{f.carrier}</td>
            <td>{when(f.created_at)}</td>
            <td>
              <span className={`admin-status admin-status-${f.status}`}>{t(FILE_STATUS_LABELS[f.status])}</span>
              {f.overdue && (
                <>
                  {' '}
                  <strong>{t('Not acknowledged in time')}</strong>
                </>
              )}
            </td>
            <td>{f.confirmation_numbers.join(', ') || '—'}</td>
            <td>
              {f.errors.length ? (
                <ul>
                  {f.errors.map((e, i) => (
                    <li key={i}>
                      {e.code}: {t(e.text)}
                      {e.transaction ? ` (${t('set')} ${e.transaction})` : ''}
                    </li>
                  ))}
                </ul>
              ) : (
                '—'
              )}
            </td>
            <td>
              <Retention file={f} />
            </td>
          </tr>
        )}
      />
    </section>
  );
}

/**
 * Where a file stands in its retention (issue 34): deleted, resolved, or waiting for a 999; a file no 999 accepted
 * (rejected, never acknowledged, not sent) is marked resolved here, which starts its retention.
 */
function Retention({ file }: { file: TCarrierFileRow }) {
  const { t } = useTranslation();
  const resolve = useResolveCarrierFile();
  if (file.purged_at) return <>{`${t('Deleted')} ${when(file.purged_at)}`}</>;
  if (file.resolved_at) return <>{`${t('Resolved')} ${when(file.resolved_at)}`}</>;
  if (file.status === 'accepted' || file.status === 'accepted_with_errors' || file.status === 'generated') return <>—</>;
  return (
    <>
      <Button
        variant="secondary"
        busy={resolve.isPending && resolve.variables === file.id}
        aria-label={`${t('Mark resolved')}: ${file.file_name}`}
        onClick={() => resolve.mutate(file.id)}
      >
        {t('Mark resolved')}
      </Button>
      {resolve.error && resolve.variables === file.id && <Alert>{t(resolve.error.message)}</Alert>}
    </>
  );
}

type AckIn = z.input<typeof ZAcknowledgmentUpload>;
type AckOut = z.output<typeof ZAcknowledgmentUpload>;

/** The upload of a 999 or TA1: the shared ZAcknowledgmentUpload, the 422's messages beside the field and in the summary. */
function AcknowledgmentForm() {
  const { t } = useTranslation();
  const upload = useUploadAcknowledgment();
  const [formError, setFormError] = useState<string | null>(null);
  const [serverAttempts, setServerAttempts] = useState(0);
  const { register, handleSubmit, setError, formState, reset } = useForm<AckIn, unknown, AckOut>({
    resolver: zodResolver(ZAcknowledgmentUpload),
    defaultValues: { content: '' },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async ({ content }) => {
    setFormError(null);
    try {
      await upload.mutateAsync(content);
      reset({ content: '' });
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['content']));
      setServerAttempts((n) => n + 1);
    }
  });
  const error = formState.errors.content?.message;
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <FormErrorSummary form={formState} formError={formError} failures={serverAttempts} />
      <TextAreaField label={t('Acknowledgment (999 or TA1)')} error={error && t(error)} rows={5} {...register('content')} />
      {upload.data && (
        <Alert kind="success">{upload.data.map((f) => `${t('File')} ${f.id}: ${t(FILE_STATUS_LABELS[f.status])}`).join('; ')}</Alert>
      )}
      <div className="admin-actions">
        <Button type="submit" disabled={upload.isPending}>
          {t('Apply acknowledgment')}
        </Button>
      </div>
    </form>
  );
}

/** One file's X12 text (viewing it is audited). */
export function CarrierFilePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const text = useCarrierFileText(id);
  return (
    <section>
      <p>
        <Link to="/admin/carrier-files">{t('All carrier files')}</Link>
      </p>
      <h1>
        {t('Carrier file')} {id}
      </h1>
      {text.isLoading ? (
        <Spinner />
      ) : text.error ? (
        <Alert>{t(text.error.message)}</Alert>
      ) : (
        <>
          <p>
            <a href={carrierFileDownloadUrl(id)} download>
              {t('Download 834')}
            </a>
          </p>
          <pre className="admin-card" aria-label={t('X12 text')}>
            {text.data}
          </pre>
        </>
      )}
    </section>
  );
}
