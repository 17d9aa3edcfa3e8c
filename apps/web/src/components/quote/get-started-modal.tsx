import { useCallback, useState, type ChangeEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { LIMITS, TIERS, categoryName } from '@store/domain/codes';
import { WIZARD_STEPS, wizardFieldProblem, wizardStepFor, type WizardField } from '@store/domain/storefront';
import { Modal } from '../ui/modal';
import { Button } from '../ui/button';
import { DateField, RadioGroup, TextField } from '../form/fields';
import { ErrorSummary, summaryOfMessage, summaryOfRecord } from '../form/error-summary';
import { ApiError } from '../../lib/api-client';
import { changeFilter, useFilterInfo, useSubmitQuote, validateDobOnServer, validateZipOnServer } from '../../lib/quote/filter';
import { storage } from '../../lib/storage';
import { useOpenGetStartedListener } from '../../lib/quote/ui';
import { GENDER_OPTIONS } from './quote-options';
import './quote.css';

type Values = Record<WizardField, string> & { categories: string[] };
const EMPTY: Values = { zip: '', dob: '', gender: '', tier: '', categories: [] };

/** The wizard's rules: each field by the shared ZQuoteForm (wizardFieldProblem); a step checks only its own field. */
const stepResolver: Resolver<Values> = async (values, _context, { names }) => {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const name of (names ?? WIZARD_STEPS) as WizardField[]) {
    const problem = wizardFieldProblem(name, values[name]);
    if (problem) errors[name] = { type: 'validate', message: problem };
  }
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/**
 * The get-started wizard ('FIND A PLAN'): 'Steps: n of 4', zip, date of birth, gender, tier. A step moves on
 * only when its field is valid (zip and dob also on the server); a server error about a field jumps back to
 * that field's step; "Let's Go!" stores the filter and opens the plans page.
 */
export function GetStartedModal({ categories = [] }: { categories?: readonly string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filter } = useFilterInfo();
  const submit = useSubmitQuote();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(1);
  const { register, watch, setValue, getValues, reset, trigger, setError, clearErrors, formState } = useForm<Values>({
    resolver: stepResolver,
    defaultValues: EMPTY,
    // A field's message goes as soon as it is changed; Continue checks again.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [checking, setChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // Refused steps and refused quotes: the error summary takes the focus after each.
  const [attempts, setAttempts] = useState(0);

  const [smoker, setSmoker] = useState<string | undefined>();
  const onOpen = useCallback(
    (prefill?: { gender?: string; is_smoker?: string }) => {
      setStep(1);
      setSmoker(prefill?.is_smoker);
      setFormError(null);
      reset({
        zip: String(filter?.zip ?? ''),
        dob: String(filter?.dob ?? ''),
        gender: prefill?.gender ?? (filter?.gender != null ? String(filter.gender) : ''),
        tier: String(filter?.tier ?? ''),
        categories: [],
      });
      setOpen(true);
    },
    [filter, reset],
  );
  useOpenGetStartedListener(onOpen);

  const field = WIZARD_STEPS[step - 1];
  const errors = formState.errors;
  const set = (k: WizardField, v: string) => {
    setValue(k, v);
    clearErrors(k);
  };
  /** A text field registered, its message cleared on change; `clean` keeps only what may be typed. */
  const textField = (k: 'zip' | 'dob', clean?: (value: string) => string) => {
    const reg = register(k, { onChange: () => clearErrors(k) });
    return {
      ...reg,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        if (clean) e.target.value = clean(e.target.value);
        return reg.onChange(e);
      },
    };
  };

  async function checkStep(): Promise<boolean> {
    if (!(await trigger(field))) return false;
    if (field === 'zip' || field === 'dob') {
      setChecking(true);
      const serverProblem = field === 'zip' ? await validateZipOnServer(getValues('zip')) : await validateDobOnServer(getValues('dob'));
      setChecking(false);
      if (serverProblem) {
        setError(field, { type: 'server', message: serverProblem });
        return false;
      }
    }
    return true;
  }

  async function onContinue() {
    if (!(await checkStep())) {
      setAttempts((n) => n + 1);
      return;
    }
    if (step < LIMITS.wizardSteps) {
      setStep(step + 1);
      return;
    }
    setFormError(null);
    const values = getValues();
    const chosen = values.categories;
    try {
      const tempId = await submit.mutateAsync({ zip: values.zip, dob: values.dob, gender: values.gender, tier: values.tier });
      if (smoker === '0' || smoker === '1') {
        await changeFilter(tempId, { is_smoker: smoker }).catch((err) => console.warn('tobacco use not saved', err));
      }
      if (chosen.length) {
        // the optional plan-category choice: the plans page opens on these categories
        storage.set('selectedCategorykey', chosen.join(','));
        storage.set('selectedCategoryValue', chosen.map(categoryName).join(','));
        await changeFilter(tempId, { categories: chosen.join(',') }).catch((err) => console.warn('categories not saved', err));
      }
      setOpen(false);
      navigate(paths.plans());
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) {
        const placed: Partial<Record<WizardField, string>> = {};
        let firstStep: number | null = null;
        for (const fe of err.fieldErrors) {
          const s = wizardStepFor(fe.target_element);
          if (s === null) continue;
          placed[fe.target_element as WizardField] ??= fe.error_message;
          firstStep = firstStep === null ? s : Math.min(firstStep, s);
        }
        clearErrors();
        for (const [name, message] of Object.entries(placed)) setError(name as WizardField, { type: 'server', message });
        if (firstStep !== null) setStep(firstStep);
        else setFormError(err.message);
      } else {
        setFormError(err instanceof Error ? err.message : String(err));
      }
      setAttempts((n) => n + 1);
    }
  }

  const busy = checking || submit.isPending;
  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      title={t('Get Started')}
      className="get-started-modal"
      footer={
        <>
          {step > 1 && (
            <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={busy}>
              {t('Back')}
            </Button>
          )}
          <Button onClick={() => void onContinue()} busy={busy}>
            {step < LIMITS.wizardSteps ? t('Continue') : t(TEXT.LETS_GO)}
          </Button>
        </>
      }
    >
      <form
        className="wizard-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onContinue();
        }}
      >
        {/* The quote's message and the step's own field (the other steps' fields are not on the page). */}
        <ErrorSummary
          attempts={attempts}
          items={[...summaryOfMessage(formError), ...summaryOfRecord({ [field]: errors[field]?.message })]}
        />
        <p className="wizard-steps">{t('Steps: {{n}} of {{total}}', { n: step, total: LIMITS.wizardSteps })}</p>
        <div className="wizard-progress" aria-hidden="true">
          <span style={{ width: `${(step / LIMITS.wizardSteps) * 100}%` }} />
        </div>
        {step === 1 && (
          <TextField
            key="zip"
            label={t(TEXT.WHAT_IS_YOUR_ZIP)}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={LIMITS.zip}
            {...textField('zip', (x) => x.replace(/\D/g, '').slice(0, LIMITS.zip))}
            error={errors.zip?.message}
            autoFocus
          />
        )}
        {step === 2 && (
          <DateField key="dob" label={t('What is your date of birth?')} {...textField('dob')} error={errors.dob?.message} autoFocus />
        )}
        {step === 3 && (
          <RadioGroup
            legend={t('What is your gender?')}
            name="gender"
            value={watch('gender')}
            options={GENDER_OPTIONS}
            onChange={(v) => set('gender', v)}
            error={errors.gender?.message}
          />
        )}
        {step === 4 && (
          <RadioGroup
            legend={t(TEXT.WHO_NEEDS_COVERED)}
            name="tier"
            className="tier-options"
            value={watch('tier')}
            options={TIERS.map((x) => ({ value: x.code, label: x.short }))}
            onChange={(v) => set('tier', v)}
            error={errors.tier?.message}
          />
        )}
        {step === 4 && categories.length > 0 && (
          <fieldset className="field wizard-categories">
            <legend className="field-label">{t('Which plans interest you? (optional)')}</legend>
            <div className="category-checks">
              {categories.map((key) => (
                <label key={key} className="radio-option">
                  <input
                    type="checkbox"
                    checked={watch('categories').includes(key)}
                    onChange={(e) => {
                      const c = getValues('categories');
                      setValue('categories', e.target.checked ? [...c, key] : c.filter((k) => k !== key));
                    }}
                  />
                  <span>{t(categoryName(key))}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {/* Enter submits the step */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </Modal>
  );
}
