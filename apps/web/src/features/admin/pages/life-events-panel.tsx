import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { isoToUs } from '@store/domain/dates';
import { LIFE_EVENT_TEXT, ZLifeEventDecisionRequest, type TLifeEvent, type TLifeEventDecisionRequest } from '@store/domain/life-events';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { AdminTable, Loaded } from '../components/admin-table';
import { useAdminLifeEvents, useDecideLifeEvent } from '../api/life-events';

/**
 * Life events (issue 38, decision 2550), on the console's plans page beside evidence of insurability: the events, their
 * proof (opened from the console only) and the operator's approval or rejection with a reason the member sees.
 */
export function LifeEventsPanel() {
  const { t } = useTranslation();
  const q = useAdminLifeEvents();
  const [deciding, setDeciding] = useState<TLifeEvent | null>(null);
  const [done, setDone] = useState(false);
  return (
    <section className="admin-card" aria-labelledby="admin-life-events">
      <h2 id="admin-life-events">{t('Life events')}</h2>
      <Alert kind="success">{done && t(LIFE_EVENT_TEXT.DECIDED)}</Alert>
      <Loaded loading={q.isLoading} error={q.error && t(q.error.message)}>
        <AdminTable
          caption={t('Life events')}
          columns={[t('Member'), t('Life event'), t('Date of the event'), t('Status'), t('Document'), '']}
          rows={q.data}
          empty={t('No life event was reported.')}
          row={(e) => (
            <tr key={e.id}>
              <td>{e.member_name}</td>
              <td>{t(e.event_label)}</td>
              <td>{isoToUs(e.event_date)}</td>
              <td>{t(e.status_label)}</td>
              <td>
                {e.has_document ? (
                  <a href={`/api/admin/life-events/${e.id}/document`} target="_blank" rel="noreferrer">
                    {t('Open the document')}
                  </a>
                ) : (
                  '—'
                )}
              </td>
              <td>
                {e.status === 'in_review' && (
                  <Button size="sm" onClick={() => (setDeciding(e), setDone(false))}>
                    {t('Review')}
                  </Button>
                )}
              </td>
            </tr>
          )}
        />
      </Loaded>
      {deciding && <DecisionDialog e={deciding} onClose={() => setDeciding(null)} onDone={() => (setDeciding(null), setDone(true))} />}
    </section>
  );
}

function DecisionDialog({ e, onClose, onDone }: { e: TLifeEvent; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideLifeEvent(e.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverAttempts, setServerAttempts] = useState(0);
  const { register, handleSubmit, setError, formState } = useForm<TLifeEventDecisionRequest>({
    resolver: zodResolver(ZLifeEventDecisionRequest),
    defaultValues: { decision: 'approved', reason: '' },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await decide.mutateAsync(values);
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['decision', 'reason']));
      setServerAttempts((n) => n + 1);
    }
  });
  return (
    <Modal open title={t('Review')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <FormErrorSummary form={formState} formError={formError} failures={serverAttempts} />
        <p>
          {e.member_name}: {t(e.event_label)}, {isoToUs(e.event_date)}
        </p>
        <SelectField
          label={t('Decision')}
          options={[
            { value: 'approved', label: 'Approved' },
            { value: 'rejected', label: 'Not approved' },
          ]}
          {...register('decision')}
        />
        <TextAreaField
          label={t('Why (the member sees it)')}
          rows={3}
          error={formState.errors.reason?.message && t(formState.errors.reason.message)}
          {...register('reason')}
        />
        <div className="admin-actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {t('Record decision')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('Close')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
