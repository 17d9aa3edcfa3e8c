import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZCancelEnrollmentRequest, type TCancelEnrollmentRequest } from '@store/domain/carriers';
import { TextAreaField, TextField } from '../../../components/form/fields';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useCancelEnrollment, useEnrollmentCarrierFiles } from '../api/carriers';
import { FILE_STATUS_LABELS, MAINTENANCE_LABELS } from './carrier-labels';
import { AdminTable, Loaded } from './admin-table';
import { when } from './when';

/** An enrollment's entries in the carriers' 834 files: the file, its status, the carrier's errors in words. */
export function EnrollmentCarrierFiles({ id }: { id: string }) {
  const { t } = useTranslation();
  const files = useEnrollmentCarrierFiles(id);
  return (
    <div className="admin-card">
      <h2>{t('Carrier files')}</h2>
      <Loaded loading={files.isLoading} error={files.error && t(files.error.message)}>
        {!files.data?.length ? (
          <p className="muted">{t('No carrier files for this enrollment.')}</p>
        ) : (
          <AdminTable
            caption={t('Carrier files')}
            columns={[t('Carrier'), t('Maintenance'), t('File'), t('Created'), t('Status'), t('Carrier errors')]}
            rows={files.data}
            row={(f, i) => (
              <tr key={i}>
                <td>{f.carrier}</td>
                <td>{t(MAINTENANCE_LABELS[f.maintenance])}</td>
                <td>{f.file_id ? <Link to={`/admin/carrier-files/${f.file_id}`}>{f.file_name}</Link> : t("Waiting for the day's file")}</td>
                <td>{when(f.created_at)}</td>
                <td>
                  {f.status ? t(FILE_STATUS_LABELS[f.status]) : '—'}
                  {f.overdue && (
                    <>
                      {' '}
                      <strong>{t('Not acknowledged in time')}</strong>
                    </>
                  )}
                </td>
                <td>
                  {f.errors.length ? (
                    <ul>
                      {f.errors.map((e, j) => (
                        <li key={j}>
                          {e.code}: {t(e.text)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            )}
          />
        )}
      </Loaded>
    </div>
  );
}

/** The operator's "Cancel enrollment": a reason and the last day of coverage; the carriers get a cancellation 834. */
export function CancelEnrollment({ id }: { id: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="admin-actions">
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('Cancel enrollment')}
      </Button>
      <Alert kind="success">{done && t(done)}</Alert>
      {open && (
        <CancelDialog
          id={id}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            setDone('The enrollment is cancelled; the carriers get a cancellation file.');
          }}
        />
      )}
    </div>
  );
}

function CancelDialog({ id, onClose, onDone }: { id: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelEnrollment(id);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverAttempts, setServerAttempts] = useState(0);
  const { register, handleSubmit, setError, formState } = useForm<TCancelEnrollmentRequest>({
    resolver: zodResolver(ZCancelEnrollmentRequest),
    defaultValues: { reason: '', date: '' },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await cancel.mutateAsync(values);
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['reason', 'date']));
      setServerAttempts((n) => n + 1);
    }
  });
  const e = formState.errors;
  return (
    <Modal open title={t('Cancel enrollment')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <FormErrorSummary form={formState} formError={formError} failures={serverAttempts} />
        <p>{t('The policies end and each carrier of the plans gets a cancellation 834 (INS03 024).')}</p>
        <TextAreaField label={t('Reason')} rows={3} error={e.reason?.message && t(e.reason.message)} {...register('reason')} />
        <TextField label={t('Last day of coverage')} type="date" error={e.date?.message && t(e.date.message)} {...register('date')} />
        <div className="admin-actions">
          <Button type="submit" variant="danger" busy={formState.isSubmitting}>
            {t('Confirm cancellation')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('Keep the enrollment')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
