import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CARRIER_FILE_STATUSES, type TCarrierFileStatus } from '@store/domain/codes';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCarrierFiles, useCarrierFileText, useUploadAcknowledgment } from '../api/carriers';
import { Pager } from '../components/pager';
import { when } from '../components/when';

export const FILE_STATUS_LABELS: Record<TCarrierFileStatus, string> = {
  generated: 'Generated',
  delivered: 'Delivered',
  accepted: 'Accepted',
  accepted_with_errors: 'Accepted with errors',
  rejected: 'Rejected',
};

/** The 834 files sent to the carriers, their acknowledgment status and errors, and the upload of a 999 or TA1. */
export function CarrierFilesPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TCarrierFileStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const list = useCarrierFiles({ status: status || undefined, offset, limit: 25 });
  return (
    <section>
      <h1>{t('Carrier files')}</h1>
      <AcknowledgmentForm />
      <SelectField
        label={t('Status')}
        name="status"
        placeholder="Any status"
        options={CARRIER_FILE_STATUSES.map((s) => ({ value: s, label: FILE_STATUS_LABELS[s] }))}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as TCarrierFileStatus | '');
          setOffset(0);
        }}
      />
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <Alert>{t(list.error.message)}</Alert>
      ) : (
        <div className="admin-table-wrap" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('File')}</th>
                <th>{t('Carrier')}</th>
                <th>{t('Created')}</th>
                <th>{t('Status')}</th>
                <th>{t('Enrollments')}</th>
                <th>{t('Carrier errors')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.items.length === 0 && (
                <tr>
                  <td colSpan={6}>{t('No files.')}</td>
                </tr>
              )}
              {list.data?.items.map((f) => (
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
                            {e.code}: {e.text}
                            {e.transaction ? ` (${t('set')} ${e.transaction})` : ''}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager total={list.data.total} limit={list.data.limit} offset={list.data.offset} onChange={setOffset} />}
    </section>
  );
}

function AcknowledgmentForm() {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const upload = useUploadAcknowledgment();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    upload.mutate(content, { onSuccess: () => setContent('') });
  };
  const error = upload.error
    ? ((upload.error as { fieldErrors?: { error_message: string }[] }).fieldErrors?.[0]?.error_message ?? upload.error.message)
    : undefined;
  return (
    <form className="admin-card" onSubmit={submit} noValidate>
      <TextAreaField
        label={t('Acknowledgment (999 or TA1)')}
        name="content"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        error={error && t(error)}
        rows={5}
      />
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
        <pre className="admin-card" aria-label={t('X12 text')}>
          {text.data}
        </pre>
      )}
    </section>
  );
}
