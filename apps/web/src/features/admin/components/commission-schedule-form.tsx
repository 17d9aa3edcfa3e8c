import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ZCommissionScheduleForm, ZCommissionSettingsForm, type TCommissionSetup } from '@store/domain/commissions';
import { SelectField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { useSaveCommissionSchedule, useSaveCommissionSettings } from '../api';
import { useFreshSecondFactor } from './fresh-second-factor';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

type ScheduleIn = z.input<typeof ZCommissionScheduleForm>;
type ScheduleOut = z.output<typeof ZCommissionScheduleForm>;

/**
 * A carrier's commission schedule (no plan: its default) or one plan's: first-year and renewal percentages of the
 * premium collected (without the membership and the administrative fee) and a flat amount per enrollment. Saving asks
 * for a fresh code of the authenticator (what reps are paid).
 */
export function CommissionScheduleForm({ setup }: { setup: TCommissionSetup }) {
  const { t } = useTranslation();
  const save = useSaveCommissionSchedule();
  const outcome = useSaveOutcome();
  const { guard, dialog } = useFreshSecondFactor();
  const { register, handleSubmit, setError, formState, watch, getValues } = useForm<ScheduleIn, unknown, ScheduleOut>({
    resolver: zodResolver(ZCommissionScheduleForm),
    defaultValues: { carrier_id: '', plan_id: '', first_year_percent: '', renewal_percent: '', flat_amount: '' } as unknown as ScheduleIn,
    shouldFocusError: false,
  });
  const carrier = setup.carriers.find((c) => String(c.id) === String(watch('carrier_id')));
  // Checked here, sent as typed: the server parses the same schema (its percentages become basis points once, there).
  const onSubmit = handleSubmit(() =>
    outcome.attempt(
      async () => {
        await guard(() => save.mutateAsync(getValues()));
      },
      'Commission schedule saved.',
      (err) => applyServerErrors(err, setError, ['carrier_id', 'plan_id', 'first_year_percent', 'renewal_percent', 'flat_amount']),
    ),
  );
  const e = formState.errors;
  const msg = (m?: string) => m && t(m);
  return (
    <form className="admin-form admin-card" onSubmit={onSubmit} noValidate aria-labelledby="commission-schedule-title">
      <h2 id="commission-schedule-title" className="wide">
        {t('Set a commission schedule')}
      </h2>
      <div className="wide">
        <SaveOutcome outcome={outcome} form={formState} />
      </div>
      <SelectField
        label={t('Carrier')}
        placeholder="Choose a carrier"
        options={setup.carriers.map((c) => ({ value: String(c.id), label: c.name }))}
        error={msg(e.carrier_id?.message)}
        {...register('carrier_id')}
      />
      <SelectField
        label={t('Plan')}
        placeholder="Every plan of the carrier without its own schedule"
        options={(carrier?.plans ?? []).map((p) => ({ value: String(p.plan_id), label: p.plan_name }))}
        error={msg(e.plan_id?.message)}
        {...register('plan_id')}
      />
      <TextField
        label={t('First-year commission (%)')}
        inputMode="decimal"
        error={msg(e.first_year_percent?.message)}
        {...register('first_year_percent')}
      />
      <TextField
        label={t('Renewal commission (%)')}
        inputMode="decimal"
        error={msg(e.renewal_percent?.message)}
        {...register('renewal_percent')}
      />
      <TextField
        label={t('Flat amount per enrollment ($, optional)')}
        inputMode="decimal"
        error={msg(e.flat_amount?.message)}
        {...register('flat_amount')}
      />
      <div className="admin-actions wide">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save commission schedule')}
        </Button>
      </div>
      {dialog}
    </form>
  );
}

type SettingsIn = z.input<typeof ZCommissionSettingsForm>;
type SettingsOut = z.output<typeof ZCommissionSettingsForm>;

/** The months within which coverage that ends takes back the commission it earned (0: never). */
export function CommissionSettingsForm({ months }: { months: number }) {
  const { t } = useTranslation();
  const save = useSaveCommissionSettings();
  const outcome = useSaveOutcome();
  const { guard, dialog } = useFreshSecondFactor();
  const { register, handleSubmit, setError, formState } = useForm<SettingsIn, unknown, SettingsOut>({
    resolver: zodResolver(ZCommissionSettingsForm),
    defaultValues: { chargeback_months: months },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((v) =>
    outcome.attempt(
      async () => {
        await guard(() => save.mutateAsync(v));
      },
      'Charge-back setting saved.',
      (err) => applyServerErrors(err, setError, ['chargeback_months']),
    ),
  );
  return (
    <form className="admin-form admin-card" onSubmit={onSubmit} noValidate aria-labelledby="commission-settings-title">
      <h2 id="commission-settings-title" className="wide">
        {t('Charge-backs')}
      </h2>
      <div className="wide">
        <SaveOutcome outcome={outcome} form={formState} />
      </div>
      <TextField
        label={t('Coverage that ends within this many months takes its commission back')}
        inputMode="numeric"
        error={formState.errors.chargeback_months?.message && t(formState.errors.chargeback_months.message)}
        {...register('chargeback_months')}
      />
      <div className="admin-actions wide">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save charge-back setting')}
        </Button>
      </div>
      {dialog}
    </form>
  );
}
