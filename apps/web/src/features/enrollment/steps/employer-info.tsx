import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { RETIRED_EMPLOYMENT_STATUS } from '@store/domain/codes';
import { TEXT } from '@store/domain/texts';
import { HOLIDAY_FLAGS, ZEmployerInfoForm, type HolidayFlag, type TEmployerInfoForm } from '@store/domain/enrollment-employer';
import { DateField, DigitsField, SelectField, TextField } from '../../../components/form/fields';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { Alert, Spinner } from '../../../components/ui/alert';
import type { EnrollmentStep, StepProps } from '../wizard/contract';
import { StepActions } from '../wizard/step-actions';
import { primeFieldDefs, useFieldDefs, valuesFrom, type FieldDefs } from '../api/field-defs';
import { useEmployerOptions } from '../api/options';
import { saveEmployerInfo, useGroupInfo } from '../api/employer-info';
import type { TGroupInfo } from '@store/domain/contract/enrollment';
import { dropEmpty, useStepRunner } from '../wizard/step-runner';
import { useZipStateLock } from '../wizard/use-zip-state-lock';

const FIELDS = [
  'name',
  'phone',
  'address1',
  'address2',
  'city',
  'zip',
  'state',
  'with_validation',
  'average_work_week',
  'employment_start_date',
  'occupation',
  'compensation_type',
  'employment_status',
  'emp_industry',
  'emp_num_employed',
  'emp_vac_policy',
  'emp_barg_unit',
] as const;

function EmployerInfoStep({ nav }: StepProps) {
  const defs = useFieldDefs('employer', nav.enrollmentId);
  const group = useGroupInfo(nav.enrollmentId);
  if (!defs.data || group.isPending) return defs.isError ? <Alert>{(defs.error as Error).message}</Alert> : <Spinner />;
  return <EmployerInfoForm nav={nav} defs={defs.data} group={group.data ?? null} />;
}

function EmployerInfoForm({ nav, defs, group }: StepProps & { defs: FieldDefs; group: TGroupInfo | null }) {
  const { t } = useTranslation();
  const saved = valuesFrom(defs, FIELDS);
  const nothingSaved = !saved.name;
  // Prefilled from the group when nothing is saved (section 4.4).
  const initial =
    nothingSaved && group
      ? { ...saved, name: group.general_info.group_name, phone: group.general_info.group_phone, ...group.address_information }
      : saved;
  const holidayValue = defs.holiday_policy?.value;
  const savedHoliday = (holidayValue && typeof holidayValue === 'object' ? holidayValue : {}) as Partial<Record<HolidayFlag, number>>;
  const form = useForm<TEmployerInfoForm>({
    resolver: zodResolver(ZEmployerInfoForm),
    shouldFocusError: false,
    defaultValues: {
      ...initial,
      with_validation: initial.with_validation === '1' ? 1 : 0,
      holiday_policy: savedHoliday,
    } as TEmployerInfoForm,
  });
  const { register, handleSubmit, setError, clearErrors, setValue, watch, formState } = form;
  const { formRef, busy, formError, run } = useStepRunner(nav, setError, [...FIELDS, 'holiday_policy']);
  const opts = {
    week: useEmployerOptions('week', nav.enrollmentId),
    status: useEmployerOptions('status', nav.enrollmentId),
    comp: useEmployerOptions('comp', nav.enrollmentId),
    vac: useEmployerOptions('vac', nav.enrollmentId),
    barg: useEmployerOptions('barg', nav.enrollmentId),
    holiday: useEmployerOptions('holiday', nav.enrollmentId),
  };
  const { stateLocked, onZip, afterLookup } = useZipStateLock(form, /^\d{5}$/.test(initial.zip ?? '') && !!initial.state);
  const [withValidation, setWithValidation] = useState(initial.with_validation === '1');
  const status = watch('employment_status');
  const retired = status === RETIRED_EMPLOYMENT_STATUS;
  useEffect(() => {
    if (retired) setError('employment_status', { type: 'manual', message: TEXT.RETIRED_EMPLOYER });
    else clearErrors('employment_status');
  }, [retired, setError, clearErrors]);
  const err = (name: string) => (formState.errors as Record<string, { message?: string }>)[name]?.message;
  const req = (name: string) => defs[name]?.required;
  const holiday = watch('holiday_policy') as Partial<Record<HolidayFlag, number>>;
  const opt = (q: { data?: { name: string; value: string }[] }) => (q.data ?? []).map((o) => ({ value: o.value, label: o.name }));

  const zipField = register('zip');

  const submit = (mode: 'next' | 'later') =>
    afterLookup(
      handleSubmit(async (values) => {
        if (retired) return;
        await run(mode, () =>
          saveEmployerInfo(nav.enrollmentId, dropEmpty({ ...values, with_validation: withValidation ? (1 as const) : (0 as const) })),
        );
      }),
    );

  return (
    <form ref={formRef} className="step-form card" noValidate onSubmit={submit('next')}>
      <h2>{t('Employer Information')}</h2>
      <FormErrorSummary form={formState} formError={formError} />
      <div className="form-grid">
        <TextField label={t('Employer Name')} required={req('name')} maxLength={100} error={err('name')} {...register('name')} />
        <DigitsField
          label={t('Employer Phone')}
          type="tel"
          maxDigits={10}
          required={req('phone')}
          error={err('phone')}
          {...register('phone')}
        />
        <TextField label={t('Address 1')} required={req('address1')} error={err('address1')} {...register('address1')} />
        <TextField label={t('Address 2')} required={req('address2')} error={err('address2')} {...register('address2')} />
        <TextField label={t('City')} required={req('city')} error={err('city')} {...register('city')} />
        <DigitsField
          label={t('Zip')}
          maxDigits={5}
          required={req('zip')}
          error={err('zip')}
          {...zipField}
          onChange={(e) => {
            void zipField.onChange(e);
            void onZip(e.target.value);
          }}
        />
        <TextField
          label={t('State')}
          maxLength={2}
          readOnly={stateLocked}
          required={req('state')}
          error={err('state')}
          {...register('state', { setValueAs: (v: string) => String(v ?? '').toUpperCase() })}
        />
        <SelectField
          label={t('Average Work Week')}
          required={req('average_work_week')}
          placeholder="Please select"
          options={opt(opts.week)}
          error={err('average_work_week')}
          {...register('average_work_week')}
        />
        <DateField
          label={t('Employment Start Date')}
          required={req('employment_start_date')}
          error={err('employment_start_date')}
          {...register('employment_start_date')}
        />
        <TextField
          label={t('Occupation')}
          required={req('occupation')}
          maxLength={100}
          error={err('occupation')}
          {...register('occupation')}
        />
        <SelectField
          label={t('Compensation Type')}
          required={req('compensation_type')}
          placeholder="Please select"
          options={opt(opts.comp)}
          error={err('compensation_type')}
          {...register('compensation_type')}
        />
        <SelectField
          label={t('Employment Status')}
          required={req('employment_status')}
          placeholder="Please select"
          options={opt(opts.status)}
          error={err('employment_status')}
          {...register('employment_status')}
        />
        <TextField
          label={t('Employer Industry')}
          required={req('emp_industry')}
          maxLength={100}
          error={err('emp_industry')}
          {...register('emp_industry')}
        />
        <DigitsField
          label={t('Number of Employees')}
          hint={t('Count yourself as 1')}
          maxDigits={7}
          required={req('emp_num_employed')}
          error={err('emp_num_employed')}
          {...register('emp_num_employed')}
        />
        <SelectField
          label={t('Vacation Policy')}
          required={req('emp_vac_policy')}
          placeholder="Please select"
          options={opt(opts.vac)}
          error={err('emp_vac_policy')}
          {...register('emp_vac_policy')}
        />
        <SelectField
          label={t('Bargaining Unit')}
          required={req('emp_barg_unit')}
          placeholder="Please select"
          options={opt(opts.barg)}
          error={err('emp_barg_unit')}
          {...register('emp_barg_unit')}
        />
      </div>
      <fieldset className="field" aria-describedby={err('holiday_policy') ? 'holiday_policy_message' : undefined}>
        <legend className="field-label">{t('Holiday Policy')}</legend>
        <div className="checkbox-row">
          {(opts.holiday.data ?? [])
            .filter((h) => (HOLIDAY_FLAGS as readonly string[]).includes(h.value))
            .map((h) => (
              <label key={h.value}>
                <input
                  type="checkbox"
                  checked={holiday?.[h.value as HolidayFlag] === 1}
                  onChange={(e) => {
                    setValue('holiday_policy', { ...holiday, [h.value]: e.target.checked ? 1 : 0 } as TEmployerInfoForm['holiday_policy']);
                    if (e.target.checked) clearErrors('holiday_policy');
                  }}
                />
                {t(h.name)}
              </label>
            ))}
        </div>
        {err('holiday_policy') && (
          <div id="holiday_policy_message" className="field-error" role="alert">
            {t(err('holiday_policy')!)}
          </div>
        )}
      </fieldset>
      <label className="checkbox-row">
        <input type="checkbox" checked={withValidation} onChange={(e) => setWithValidation(e.target.checked)} />{' '}
        {t('USPS Address Validation')}
      </label>
      <StepActions
        onBack={nav.goBack}
        onSaveLater={submit('later')}
        busy={busy || formState.isSubmitting}
        nextDisabled={retired}
        nextTooltip={retired ? TEXT.RETIRED_EMPLOYER : undefined}
      />
    </form>
  );
}

export const step: EnrollmentStep = {
  tab: 'employer_info',
  Component: EmployerInfoStep,
  prefetch: (enrollmentId) => primeFieldDefs('employer', enrollmentId),
};
