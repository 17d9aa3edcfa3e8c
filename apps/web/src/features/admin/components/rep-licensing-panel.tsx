import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ZRepLicensingForm } from '@store/domain/rep-licensing';
import type { TRepLicensing } from '@store/domain/rep-licensing';
import { isoToUs } from '@store/domain/dates';
import { US_STATES } from '@store/domain/states';
import { SelectField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useRepLicensing, useSaveRepLicensing } from '../api';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

type FormIn = z.input<typeof ZRepLicensingForm>;
type FormOut = z.output<typeof ZRepLicensingForm>;
/** The form's values from what the server answers (dates as the form types them). */
const formOf = (data: TRepLicensing): FormIn => ({
  npn: data.npn ?? '',
  licenses: data.licenses.map((l) => ({ state: l.state, expires_on: isoToUs(l.expires_on) })),
  carriers: data.carriers.filter((c) => c.appointed).map((c) => c.carrier_id),
});
const STATES = US_STATES.map((s) => ({ value: s.abbrev, label: s.name }));

/**
 * A rep's national producer number (the 834's N1*BO), license states with their expiry, and the carriers that
 * appointed them (issue 39): a rep quotes only where a license is current. Saved at once, errors beside the fields.
 */
export function RepLicensingPanel({ agentId }: { agentId: number }) {
  const { t } = useTranslation();
  const licensing = useRepLicensing(agentId);
  if (licensing.isLoading || !licensing.data) return <Spinner />;
  return <LicensingForm key={agentId} agentId={agentId} data={licensing.data} title={t('Licenses and appointments')} />;
}

function LicensingForm({ agentId, data, title }: { agentId: number; data: TRepLicensing; title: string }) {
  const { t } = useTranslation();
  const save = useSaveRepLicensing(agentId);
  const outcome = useSaveOutcome();
  const { register, handleSubmit, setError, formState, control, reset } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZRepLicensingForm),
    defaultValues: formOf(data),
    shouldFocusError: false,
  });
  const licenses = useFieldArray({ control, name: 'licenses' });
  const onSubmit = handleSubmit((values) =>
    outcome.attempt(
      async () => reset(formOf(await save.mutateAsync(values))),
      'Licenses and appointments saved.',
      (err) => applyServerErrors(err, setError),
    ),
  );
  const errors = formState.errors;
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate aria-labelledby="rep-licensing-title">
      <h2 id="rep-licensing-title">{title}</h2>
      <SaveOutcome outcome={outcome} form={formState} />
      <TextField label={t('National producer number (NPN)')} inputMode="numeric" error={errors.npn?.message} {...register('npn')} />
      <fieldset className="field wide">
        <legend className="field-label">{t('License states')}</legend>
        {licenses.fields.length === 0 && <p className="muted">{t('No license: this rep cannot quote anywhere.')}</p>}
        {licenses.fields.map((f, i) => {
          const current = data.licenses.find((l) => l.state === f.state);
          return (
            <div key={f.id} className="admin-form admin-license-row">
              <SelectField
                label={t('State')}
                options={STATES}
                placeholder="Choose a state"
                error={errors.licenses?.[i]?.state?.message}
                {...register(`licenses.${i}.state`)}
              />
              <TextField
                label={t('Expires on (mm/dd/yyyy)')}
                inputMode="numeric"
                error={errors.licenses?.[i]?.expires_on?.message}
                hint={current && !current.current ? t('Expired') : undefined}
                {...register(`licenses.${i}.expires_on`)}
              />
              <Button type="button" variant="secondary" onClick={() => licenses.remove(i)}>
                {t('Remove')} <span className="sr-only">{current?.state_name ?? t('State')}</span>
              </Button>
            </div>
          );
        })}
        <Button type="button" variant="secondary" onClick={() => licenses.append({ state: '', expires_on: '' })}>
          {t('Add a license state')}
        </Button>
      </fieldset>
      <Controller
        control={control}
        name="carriers"
        render={({ field }) => (
          <fieldset className="field wide">
            <legend className="field-label">{t('Appointed by these carriers')}</legend>
            <div className="admin-checks">
              {data.carriers.map((c) => (
                <label key={c.carrier_id}>
                  <input
                    type="checkbox"
                    checked={field.value.includes(c.carrier_id)}
                    onChange={(e) =>
                      field.onChange(e.target.checked ? [...field.value, c.carrier_id] : field.value.filter((v) => v !== c.carrier_id))
                    }
                  />
                  {c.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save licenses and appointments')}
        </Button>
      </div>
    </form>
  );
}
