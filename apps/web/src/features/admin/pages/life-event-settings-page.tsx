import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { LIFE_EVENT_LABEL } from '@store/domain/life-events';
import {
  LIFE_EVENT_SETTINGS_TEXT,
  ZLifeEventSettingsRequest,
  type TLifeEventSettingRow,
  type TLifeEventSettingsRequest,
  type TLifeEventSettingsRequestIn,
} from '@store/domain/life-event-settings';
import { TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useLifeEventSettings, useSaveLifeEventSettings } from '../api/life-events';
import { useFreshSecondFactor } from '../components/fresh-second-factor';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';

const FIELDS = ['window_days', 'document_retention_days'] as const;

/**
 * Each life event type's settings (issue 38, decision 2724): how many days after the event the member may report it,
 * and how many days after the decision its proof is kept before the daily purge deletes it. A form per type, named
 * as the member sees the type; a save asks for a fresh code of the authenticator.
 */
export function LifeEventSettingsPage() {
  const { t } = useTranslation();
  const settings = useLifeEventSettings();
  return (
    <section>
      <h1>{t('Life events')}</h1>
      <p>{t('The window applies to events reported from now on; the proof is deleted at the first daily purge past its days.')}</p>
      {settings.data ? settings.data.map((row) => <SettingForm key={row.event_type} row={row} />) : <Spinner />}
    </section>
  );
}

function SettingForm({ row }: { row: TLifeEventSettingRow }) {
  const { t } = useTranslation();
  const save = useSaveLifeEventSettings(row.event_type);
  const outcome = useSaveOutcome();
  const { guard, dialog } = useFreshSecondFactor();
  const { register, handleSubmit, setError, formState, reset } = useForm<TLifeEventSettingsRequestIn, unknown, TLifeEventSettingsRequest>({
    resolver: zodResolver(ZLifeEventSettingsRequest),
    defaultValues: { window_days: String(row.window_days), document_retention_days: String(row.document_retention_days) },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((v) =>
    outcome.attempt(
      async () => {
        const saved = await guard(() => save.mutateAsync(v));
        reset({ window_days: String(saved.window_days), document_retention_days: String(saved.document_retention_days) });
      },
      LIFE_EVENT_SETTINGS_TEXT.SAVED,
      (err) => applyServerErrors(err, setError, FIELDS),
    ),
  );
  const e = formState.errors;
  const msg = (m?: string) => m && t(m);
  const titleId = `life-event-setting-${row.event_type}`;
  return (
    <form className="admin-form admin-card" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="wide">
        {t(LIFE_EVENT_LABEL[row.event_type])}
      </h2>
      <div className="wide">
        <SaveOutcome outcome={outcome} form={formState} />
      </div>
      <TextField
        label={t('Days to report the event')}
        inputMode="numeric"
        hint={t('From 1 to 180 days after the event.')}
        error={msg(e.window_days?.message)}
        {...register('window_days')}
      />
      <TextField
        label={t('Days to keep the proof')}
        inputMode="numeric"
        hint={t('From 30 to 3650 days after the decision.')}
        error={msg(e.document_retention_days?.message)}
        {...register('document_retention_days')}
      />
      <div className="admin-actions wide">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save')}
        </Button>
      </div>
      {dialog}
    </form>
  );
}
