import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { MARITAL_STATUSES, OTHER_ETHNIC_GROUP_ID } from '@store/domain/codes';
import { TEXT } from '@store/domain/texts';
import { ZEnrollerCodeForm, ZPersonalInfoForm, type TEnrollerCodeForm, type TPersonalInfoForm } from '@store/domain/enrollment-personal';
import { DateField, DigitsField, RadioGroup, SelectField, SsnField, TextField } from '../../../components/form/fields';
import { ErrorSummary, summaryOfForm, summaryOfMessage } from '../../../components/form/error-summary';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';
import type { EnrollmentStep, StepProps } from '../wizard/contract';
import { StepActions } from '../wizard/step-actions';
import { invalidateFieldDefs, primeFieldDefs, useFieldDefs, valuesFrom, type FieldDefs } from '../api/field-defs';
import { prefetchEthnicCategories, useEthnicCategories } from '../api/options';
import { saveEnrollerCode, savePersonalInfo } from '../api/personal-info';
import { dropEmpty, useStepRunner } from '../wizard/step-runner';

const FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'weight',
  'height_feet',
  'height_inch',
  'gender',
  'marital_status',
  'ssn',
  'birthdate',
  'ethnic_category',
  'ethnic_category_other_type',
  'prior_coverage_flag',
  'prior_carrier_name',
  'prior_effective_date',
  'prior_term_date',
] as const;
const GENDER_LABELS: Record<string, string> = { '0': 'Male', '1': 'Female', '2': 'Others' };

function PersonalInfoStep({ nav }: StepProps) {
  const defs = useFieldDefs('personal', nav.enrollmentId);
  if (!defs.data) return defs.isError ? <Alert>{(defs.error as Error).message}</Alert> : <Spinner />;
  return <PersonalInfoForm nav={nav} defs={defs.data} />;
}

function PersonalInfoForm({ nav, defs }: StepProps & { defs: FieldDefs }) {
  const { t } = useTranslation();
  const initial = valuesFrom(defs, FIELDS);
  const { register, handleSubmit, setError, setValue, watch, formState } = useForm<TPersonalInfoForm>({
    resolver: zodResolver(ZPersonalInfoForm),
    shouldFocusError: false,
    defaultValues: { ...initial, prior_coverage_flag: initial.prior_coverage_flag || '0' } as TPersonalInfoForm,
  });
  const { formRef, busy, formError, run } = useStepRunner(nav, setError, [...FIELDS, 'enrollerCode']);
  const ethnic = useEthnicCategories();
  const enroller = defs.enroller_code;
  const [enrollerCode, setEnrollerCode] = useState<string>(String(enroller?.value ?? '') || storage.get('enrollerCode') || '');
  const [enrollerOpen, setEnrollerOpen] = useState(false);
  const [enrollerRequired, setEnrollerRequired] = useState(false);
  const err = (name: keyof TPersonalInfoForm) => formState.errors[name]?.message as string | undefined;
  const req = (name: string) => defs[name]?.required;
  const ro = (name: string) => defs[name]?.read_only;

  const submit = (mode: 'next' | 'later') =>
    handleSubmit(async (values) => {
      if (enroller?.required && !enrollerCode) {
        setEnrollerRequired(true);
        return;
      }
      await run(mode, () => savePersonalInfo(nav.enrollmentId, dropEmpty(values)));
    });
  const ethnicCategory = watch('ethnic_category');
  const prior = watch('prior_coverage_flag');

  return (
    <>
      <form ref={formRef} className="step-form card" noValidate onSubmit={submit('next')}>
        <h2>{t('Personal Information')}</h2>
        <ErrorSummary
          attempts={formState.submitCount}
          items={[
            ...summaryOfMessage(formError),
            ...(enrollerRequired && !enrollerCode ? [{ target: 'enrollerCode', message: TEXT.ENROLLER_CODE_REQUIRED }] : []),
            ...summaryOfForm(formState.errors),
          ]}
        />
        {enroller && (
          <div className="enroller-code">
            <Button
              variant="secondary"
              onClick={() => setEnrollerOpen(true)}
              aria-describedby={enrollerRequired && !enrollerCode ? 'enrollerCode_message' : undefined}
            >
              {t(TEXT.ENTER_ENROLLER_CODE)}
            </Button>
            {enrollerCode && (
              <span className="muted">
                {' '}
                {t('Enroller code')}: {enrollerCode}
              </span>
            )}
            {enrollerRequired && !enrollerCode && (
              <div id="enrollerCode_message" className="field-error" role="alert">
                {t(TEXT.ENROLLER_CODE_REQUIRED)}
              </div>
            )}
          </div>
        )}
        <div className="form-grid">
          <TextField
            label={t('First Name')}
            required={req('first_name')}
            readOnly={ro('first_name')}
            maxLength={50}
            autoComplete="given-name"
            error={err('first_name')}
            {...register('first_name')}
          />
          <TextField
            label={t('Middle Name')}
            required={req('middle_name')}
            readOnly={ro('middle_name')}
            maxLength={50}
            autoComplete="additional-name"
            error={err('middle_name')}
            {...register('middle_name')}
          />
          <TextField
            label={t('Last Name')}
            required={req('last_name')}
            readOnly={ro('last_name')}
            maxLength={50}
            autoComplete="family-name"
            error={err('last_name')}
            {...register('last_name')}
          />
          <DigitsField label={t('Weight (lbs)')} required={req('weight')} maxDigits={3} error={err('weight')} {...register('weight')} />
          <div className="inline-fields">
            <DigitsField
              label={t('Height (feet)')}
              required={req('height_feet')}
              maxDigits={1}
              error={err('height_feet')}
              {...register('height_feet')}
            />
            <DigitsField
              label={t('Height (inches)')}
              required={req('height_inch')}
              maxDigits={2}
              error={err('height_inch')}
              {...register('height_inch')}
            />
          </div>
          <TextField label={t('Gender')} name="gender_display" readOnly value={t(GENDER_LABELS[initial.gender] ?? initial.gender)} />
          <SelectField
            label={t('Marital Status')}
            required={req('marital_status')}
            placeholder="Please select"
            options={MARITAL_STATUSES.map((m) => ({ value: m.code, label: m.label }))}
            error={err('marital_status')}
            {...register('marital_status')}
          />
          <SsnField label={t('Social Security Number')} required={req('ssn')} error={err('ssn')} {...register('ssn')} />
          <TextField label={t('Date of Birth')} name="birthdate_display" readOnly value={initial.birthdate} />
          <SelectField
            label={t('Ethnic Group')}
            required={req('ethnic_category')}
            placeholder="Please select"
            options={(ethnic.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            error={err('ethnic_category')}
            {...register('ethnic_category')}
          />
          {ethnicCategory === String(OTHER_ETHNIC_GROUP_ID) && (
            <TextField
              label={t('Other Ethnic Group')}
              required
              maxLength={100}
              error={err('ethnic_category_other_type')}
              {...register('ethnic_category_other_type')}
            />
          )}
        </div>
        <RadioGroup
          legend={t('Prior Coverage')}
          name="prior_coverage_flag"
          value={prior}
          options={[
            { value: '0', label: 'None' },
            { value: '1', label: 'I had a carrier' },
          ]}
          onChange={(v) => setValue('prior_coverage_flag', v as '0' | '1')}
          error={err('prior_coverage_flag')}
        />
        {prior === '1' && (
          <div className="form-grid">
            <TextField
              label={t('Prior Carrier Name')}
              required
              maxLength={100}
              error={err('prior_carrier_name')}
              {...register('prior_carrier_name')}
            />
            <DateField
              label={t('Prior Effective Date')}
              required
              error={err('prior_effective_date')}
              {...register('prior_effective_date')}
            />
            <DateField label={t('Prior Termination Date')} required error={err('prior_term_date')} {...register('prior_term_date')} />
          </div>
        )}
        <StepActions onBack={nav.goBack} onSaveLater={submit('later')} busy={busy || formState.isSubmitting} />
      </form>
      {enroller && (
        <EnrollerCodeModal
          open={enrollerOpen}
          enrollmentId={nav.enrollmentId}
          initial={enrollerCode}
          onClose={() => setEnrollerOpen(false)}
          onSaved={(code) => {
            setEnrollerCode(code);
            storage.set('enrollerCode', code);
            setEnrollerRequired(false);
            setEnrollerOpen(false);
          }}
        />
      )}
    </>
  );
}

/** The 'quote-confirmation' modal 'Enter Enroller Code' (states: empty, required, error, saved). */
function EnrollerCodeModal({
  open,
  enrollmentId,
  initial,
  onClose,
  onSaved,
}: {
  open: boolean;
  enrollmentId: string;
  initial: string;
  onClose(): void;
  onSaved(code: string): void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { register, handleSubmit, setError, formState } = useForm<TEnrollerCodeForm>({
    resolver: zodResolver(ZEnrollerCodeForm),
    defaultValues: { enrollerCode: initial },
  });
  const save = handleSubmit(async ({ enrollerCode }) => {
    try {
      const saved = await saveEnrollerCode(enrollmentId, enrollerCode);
      void invalidateFieldDefs(qc, 'personal');
      onSaved(saved);
    } catch (e) {
      // The code stays as typed; the server's message shows beside it.
      const message = e instanceof ApiError ? (e.fieldErrors[0]?.error_message ?? e.message) : 'Something went wrong. Please try again.';
      setError('enrollerCode', { type: 'server', message });
    }
  });
  const busy = formState.isSubmitting;
  return (
    <Modal open={open} title={t(TEXT.ENTER_ENROLLER_CODE)} onClose={onClose} size="sm" className="quote-confirmation">
      <form className="form-stack" noValidate onSubmit={save}>
        <TextField label={t('Enroller Code')} maxLength={30} error={formState.errors.enrollerCode?.message} {...register('enrollerCode')} />
        <div className="modal-actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export const step: EnrollmentStep = {
  tab: 'primary_info',
  Component: PersonalInfoStep,
  prefetch(enrollmentId, queryClient) {
    primeFieldDefs('personal', enrollmentId);
    prefetchEthnicCategories(queryClient);
  },
};
