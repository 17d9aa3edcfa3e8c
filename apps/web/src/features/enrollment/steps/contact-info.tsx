import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useZipStateLock } from '../wizard/use-zip-state-lock';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { ZContactInfoForm, type TContactInfoForm } from '@store/domain/enrollment-contact';
import { DigitsField, SelectField, TextField } from '../../../components/form/fields';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { filterInfoQuery, useChangeFilter } from '../../../lib/quote/filter';
import { storage } from '../../../lib/storage';
import type { EnrollmentStep, StepProps } from '../wizard/contract';
import { StepActions } from '../wizard/step-actions';
import { primeFieldDefs, useFieldDefs, valuesFrom, type FieldDefs } from '../api/field-defs';
import { useStates } from '../api/options';
import { checkMemberEmail, checkPhone, saveContactInfo } from '../api/contact-info';
import { dropEmpty, useStepRunner } from '../wizard/step-runner';

const FIELDS = [
  'email_address',
  'phone_number',
  'address1',
  'address2',
  'city',
  'zip',
  'state',
  'birth_state',
  'birth_city',
  'with_validation',
] as const;

function ContactInfoStep({ nav }: StepProps) {
  const defs = useFieldDefs('contact', nav.enrollmentId);
  if (!defs.data) return defs.isError ? <Alert>{(defs.error as Error).message}</Alert> : <Spinner />;
  return <ContactInfoForm nav={nav} defs={defs.data} />;
}

function ContactInfoForm({ nav, defs }: StepProps & { defs: FieldDefs }) {
  const { t } = useTranslation();
  const initial = valuesFrom(defs, FIELDS);
  const form = useForm<TContactInfoForm>({
    resolver: zodResolver(ZContactInfoForm),
    shouldFocusError: false,
    defaultValues: { ...initial, with_validation: initial.with_validation === '1' ? 1 : 0 } as TContactInfoForm,
  });
  const { register, handleSubmit, setError, formState } = form;
  const { formRef, busy, formError, run } = useStepRunner(nav, setError, FIELDS);
  const states = useStates();
  const { stateLocked, onZip, afterLookup } = useZipStateLock(form, !!initial.state && /^\d{5}$/.test(initial.zip), {
    fillCity: true,
    autoCity: initial.address1 ? '' : initial.city,
  });
  const [withValidation, setWithValidation] = useState(initial.with_validation === '1');
  const err = (name: keyof TContactInfoForm) => formState.errors[name]?.message as string | undefined;
  const shown = (name: string) => !!defs[name];
  const req = (name: string) => defs[name]?.required;
  const birthRequired = !!(defs.birth_state?.required && defs.birth_city?.required);

  const zipField = register('zip');

  // The quote's state: a zip of another state says so, and offers a new quote for that zip.
  const quote = useQuery(filterInfoQuery(nav.enrollmentId));
  const quotedState = String(quote.data?.state ?? '');
  const [zip, state] = form.watch(['zip', 'state']);
  const otherState = !!quotedState && stateLocked && !!state && state !== quotedState;
  const changeFilter = useChangeFilter();
  const navigate = useNavigate();
  const requote = async () => {
    await changeFilter.mutateAsync({ zip });
    navigate(paths.plans());
  };

  const isExisting = storage.get('enroll_type') === 'existing-member';
  const submit = (mode: 'next' | 'later' | (() => Promise<unknown>)) =>
    afterLookup(
      handleSubmit(async (values) => {
        if (isExisting && mode === 'next') {
          // Existing members: phone and e-mail are checked first (our own records), then saved.
          const [email, phone] = await Promise.all([
            checkMemberEmail(nav.enrollmentId, values.email_address),
            checkPhone(nav.enrollmentId, values.phone_number),
          ]);
          let bad = false;
          if (email && !email.is_valid) {
            bad = true;
            setError('email_address', { type: 'server', message: email.message });
          }
          if (phone && !phone.is_valid) {
            bad = true;
            setError('phone_number', { type: 'server', message: phone.message });
          }
          if (bad) return;
        }
        await run(mode, () =>
          saveContactInfo(nav.enrollmentId, dropEmpty({ ...values, with_validation: withValidation ? (1 as const) : (0 as const) })),
        );
      }),
    );

  return (
    <form ref={formRef} className="step-form card" noValidate onSubmit={submit('next')}>
      <h2>{t('Contact Information')}</h2>
      <FormErrorSummary form={formState} formError={formError} />
      <div className="form-grid">
        {shown('email_address') && (
          <TextField
            label={`${t('Email')} ${t(TEXT.MUST_BE_CLIENT_EMAIL)}`}
            type="email"
            required={req('email_address')}
            autoComplete="email"
            maxLength={254}
            error={err('email_address')}
            {...register('email_address')}
          />
        )}
        {shown('phone_number') && (
          <DigitsField
            label={t('Contact Number')}
            type="tel"
            required={req('phone_number')}
            maxDigits={10}
            autoComplete="tel-national"
            error={err('phone_number')}
            {...register('phone_number')}
          />
        )}
        {shown('address1') && (
          <TextField
            label={t('Street Address 1')}
            required={req('address1')}
            autoComplete="address-line1"
            error={err('address1')}
            {...register('address1')}
          />
        )}
        {shown('address2') && (
          <TextField
            label={t('Street Address 2')}
            required={req('address2')}
            autoComplete="address-line2"
            error={err('address2')}
            {...register('address2')}
          />
        )}
        {shown('city') && (
          <TextField label={t('City')} required={req('city')} autoComplete="address-level2" error={err('city')} {...register('city')} />
        )}
        {shown('zip') && (
          <DigitsField
            label={t('Zip')}
            required={req('zip')}
            maxDigits={5}
            autoComplete="postal-code"
            error={err('zip')}
            {...zipField}
            onChange={(e) => {
              void zipField.onChange(e);
              void onZip(e.target.value);
            }}
          />
        )}
        {shown('state') && (
          <TextField
            label={t('State')}
            required={req('state')}
            maxLength={2}
            readOnly={stateLocked}
            autoComplete="address-level1"
            error={err('state')}
            {...register('state', { setValueAs: (v: string) => String(v ?? '').toUpperCase() })}
          />
        )}
        {otherState && (
          <div className="alert alert-warning quote-state-notice" role="status">
            <p>{t(TEXT.QUOTED_FOR_OTHER_STATE, { quoted: quotedState, state })}</p>
            <Button variant="secondary" onClick={() => void submit(requote)()} busy={busy || formState.isSubmitting}>
              {t(TEXT.REQUOTE_FOR_ZIP, { zip })}
            </Button>
          </div>
        )}
        {shown('birth_state') && (
          <SelectField
            label={t('Birth State')}
            required={birthRequired}
            placeholder="Please select"
            options={(states.data ?? []).map((s) => ({ value: s.abbrev, label: s.name }))}
            error={err('birth_state')}
            {...register('birth_state')}
          />
        )}
        {shown('birth_city') && (
          <TextField label={t('Birth City')} required={birthRequired} error={err('birth_city')} {...register('birth_city')} />
        )}
      </div>
      {shown('with_validation') && (
        <label className="checkbox-row">
          <input type="checkbox" checked={withValidation} onChange={(e) => setWithValidation(e.target.checked)} />{' '}
          {t('USPS Address Validation')}
        </label>
      )}
      <StepActions onBack={nav.goBack} onSaveLater={submit('later')} busy={busy || formState.isSubmitting} />
    </form>
  );
}

export const step: EnrollmentStep = {
  tab: 'contact_info',
  Component: ContactInfoStep,
  prefetch: (enrollmentId) => primeFieldDefs('contact', enrollmentId),
};
