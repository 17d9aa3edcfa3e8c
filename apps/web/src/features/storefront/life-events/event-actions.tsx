import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LIFE_EVENT_CHANGES, LIFE_EVENT_TEXT, type TLifeEvent, type TLifeEventChangeResponse } from '@store/domain/life-events';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/form/fields';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { ApiError } from '../../../lib/api-client';
import { ChangeForm, useChangeSave } from '../member-home/change-form';
import { useChangeLifeEventCoverage, useUploadLifeEventDocument } from './api';

/** The proof's upload: the server reads the file's content (PDF, JPEG or PNG, at most 10 MB) and says what is wrong. */
export function UploadForm({ event }: { event: TLifeEvent }) {
  const { t } = useTranslation();
  const upload = useUploadLifeEventDocument();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const send = async () => {
    setError(null);
    setAttempts((n) => n + 1);
    if (!file) return setError(LIFE_EVENT_TEXT.DOCUMENT_TYPE);
    const data_url = await new Promise<string>((resolve, reject) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.onerror = () => reject(r.error);
      r.readAsDataURL(file);
    });
    try {
      await upload.mutateAsync({ id: event.id, file_name: file.name, data_url });
    } catch (e) {
      setError(e instanceof ApiError ? (e.fieldErrors[0]?.error_message ?? e.message) : String(e));
    }
  };
  const id = `le-file-${event.id}`;
  return (
    <form className="form-stack mh-form" noValidate onSubmit={(e) => (e.preventDefault(), void send())}>
      <FormErrorSummary
        form={{ submitCount: attempts, errors: error ? { file: { type: 'server', message: error } } : {} }}
        formError={null}
      />
      <div className="field">
        <label htmlFor={id}>
          {t('Your document')}: {t(event.proof ?? '')}
        </label>
        <input
          id={id}
          name="file"
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}_message` : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        {error && (
          <p id={`${id}_message`} className="field-error">
            {t(error)}
          </p>
        )}
      </div>
      <Button type="submit" busy={upload.isPending}>
        {t('Upload document')}
      </Button>
    </form>
  );
}

const ZAddForm = z.object({
  relationship: z.enum(['spouse', 'child']),
  first_name: z.string().trim().min(1, LIFE_EVENT_TEXT.NAME_REQUIRED),
  last_name: z.string().trim().min(1, LIFE_EVENT_TEXT.NAME_REQUIRED),
  birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, LIFE_EVENT_TEXT.DATE_FORMAT),
  gender: z.enum(['0', '1']),
});
type TAddForm = z.infer<typeof ZAddForm>;

/** In an approved event's window: add the person the event allows; the answer gives the new tier and price. */
export function AddPersonForm({ event, onDone }: { event: TLifeEvent; onDone: (r: TLifeEventChangeResponse | null) => void }) {
  const { t } = useTranslation();
  const change = useChangeLifeEventCoverage();
  const allowed = LIFE_EVENT_CHANGES[event.event_type].add;
  const { register, handleSubmit, setError, formState } = useForm<TAddForm>({
    resolver: zodResolver(ZAddForm),
    defaultValues: { relationship: allowed[0] ?? 'child', first_name: '', last_name: '', birthdate: event.event_date, gender: '0' },
    shouldFocusError: false,
  });
  let answer: TLifeEventChangeResponse | null = null;
  const { formError, submit } = useChangeSave(
    async (v: TAddForm) => (answer = await change.mutateAsync({ id: event.id, body: { action: 'add_dependent', ...v } })),
    setError,
    (saved) => onDone(saved ? answer : null),
  );
  const err = (k: keyof TAddForm) => formState.errors[k]?.message;
  return (
    <ChangeForm onSubmit={handleSubmit(submit)} formState={formState} formError={formError} onCancel={() => onDone(null)}>
      <SelectField
        label={t('Relationship')}
        options={allowed.map((r) => ({ value: r, label: r === 'spouse' ? 'Spouse' : 'Child' }))}
        {...register('relationship')}
      />
      <TextField label={t('First Name')} required error={err('first_name')} {...register('first_name')} />
      <TextField label={t('Last Name')} required error={err('last_name')} {...register('last_name')} />
      <TextField label={t('Date of Birth')} type="date" required error={err('birthdate')} {...register('birthdate')} />
      <SelectField
        label={t('Gender')}
        options={[
          { value: '0', label: 'Male' },
          { value: '1', label: 'Female' },
        ]}
        {...register('gender')}
      />
    </ChangeForm>
  );
}

/** What a change did: the new monthly amount and from when. */
export function ChangeDone({ r }: { r: TLifeEventChangeResponse }) {
  const { t } = useTranslation();
  return (
    <Alert kind="success">
      {t('Your coverage was changed.')}{' '}
      {t('Your new monthly amount is {{amount}}, from {{date}}.', {
        amount: formatCents(r.monthly_cents),
        date: isoToUs(r.effective_date),
      })}
    </Alert>
  );
}
