import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ZEnrollmentWindowForm, type TWindowInfo } from '@store/domain/group-home';
import { TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { ErrorSummary, summaryOfForm, summaryOfMessage } from '../../../components/form/error-summary';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSaveWindow } from './api/group-home';
import { useWindowSentence } from './window-sentence';

type In = z.input<typeof ZEnrollmentWindowForm>;
type Out = z.output<typeof ZEnrollmentWindowForm>;

/** The group's open-enrollment window: start and end dates (empty: no limit). An operator sets the same in the console. */
export function WindowForm({ window: w }: { window: TWindowInfo }) {
  const { t } = useTranslation();
  const save = useSaveWindow();
  const [attempts, setAttempts] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const sentence = useWindowSentence(w);
  const { register, handleSubmit, setError, formState } = useForm<In, unknown, Out>({
    resolver: zodResolver(ZEnrollmentWindowForm),
    defaultValues: { opens_on: w.opens_on ?? '', closes_on: w.closes_on ?? '' },
  });
  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      setSaved(false);
      try {
        await save.mutateAsync(values);
        setSaved(true);
      } catch (err) {
        setFormError(applyServerErrors(err, setError, ['opens_on', 'closes_on']));
        setAttempts((a) => a + 1);
      }
    },
    () => setAttempts((a) => a + 1),
  );
  const e = formState.errors;
  return (
    <form className="card form-stack group-home-card" noValidate onSubmit={submit} aria-labelledby="gh-window-title">
      <h2 id="gh-window-title">{t('Open enrollment')}</h2>
      <ErrorSummary attempts={attempts} items={[...summaryOfMessage(formError), ...summaryOfForm(e)]} />
      <p>{sentence ?? t('Enrollment is open: no start or end date is set.')}</p>
      <div className="group-home-dates">
        <TextField
          type="date"
          label={t('Enrollment opens on')}
          hint={t('Empty: no start date')}
          error={e.opens_on?.message && t(e.opens_on.message)}
          {...register('opens_on')}
        />
        <TextField
          type="date"
          label={t('Enrollment closes on')}
          hint={t('Empty: no end date')}
          error={e.closes_on?.message && t(e.closes_on.message)}
          {...register('closes_on')}
        />
      </div>
      <Alert kind="success">{saved && t('Enrollment window saved')}</Alert>
      <div>
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save the dates')}
        </Button>
      </div>
    </form>
  );
}
