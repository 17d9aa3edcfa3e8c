import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { LIFE_EVENT_LABEL, LIFE_EVENT_TYPES, ZReportLifeEventRequest, type TReportLifeEventRequest } from '@store/domain/life-events';
import { SelectField, TextField } from '../../../components/form/fields';
import { ChangeForm, useChangeSave } from '../member-home/change-form';
import { useReportLifeEvent } from './api';

/** 'Report a life event': the event and its date; the server checks the window and says its dates when it is past. */
export function ReportForm({ onDone }: { onDone: (saved?: boolean) => void }) {
  const { t } = useTranslation();
  const report = useReportLifeEvent();
  const { register, handleSubmit, setError, formState } = useForm<TReportLifeEventRequest>({
    resolver: zodResolver(ZReportLifeEventRequest),
    defaultValues: { event_type: 'birth_adoption', event_date: '' },
    shouldFocusError: false,
  });
  const { formError, submit } = useChangeSave(report.mutateAsync, setError, onDone);
  return (
    <ChangeForm onSubmit={handleSubmit(submit)} formState={formState} formError={formError} onCancel={() => onDone(false)}>
      <SelectField
        label={t('Life event')}
        required
        options={LIFE_EVENT_TYPES.map((v) => ({ value: v, label: LIFE_EVENT_LABEL[v] }))}
        error={formState.errors.event_type?.message}
        {...register('event_type')}
      />
      <TextField
        label={t('Date of the event')}
        type="date"
        required
        error={formState.errors.event_date?.message}
        {...register('event_date')}
      />
    </ChangeForm>
  );
}
