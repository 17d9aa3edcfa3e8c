import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { LIMITS, TIERS, categoryName } from '@store/domain/codes';
import { WIZARD_STEPS, wizardFieldProblem, wizardStepFor, type WizardField } from '@store/domain/storefront';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { DateField, RadioGroup, TextField } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api-client';
import { changeFilter, useFilterInfo, useSubmitQuote, validateDobOnServer, validateZipOnServer } from '../api/filter';
import { storage } from '../../../lib/storage';
import { useOpenGetStartedListener } from '../api/ui';
import { GENDER_OPTIONS } from './quote-options';
import '../quote.css';

type Values = Record<WizardField, string>;
const EMPTY: Values = { zip: '', dob: '', gender: '', tier: '' };

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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [checking, setChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);

  const [smoker, setSmoker] = useState<string | undefined>();
  const onOpen = useCallback(
    (prefill?: { gender?: string; is_smoker?: string }) => {
      setStep(1);
      setSmoker(prefill?.is_smoker);
      setErrors({});
      setFormError(null);
      setChosen([]);
      setValues({
        zip: String(filter?.zip ?? ''),
        dob: String(filter?.dob ?? ''),
        gender: prefill?.gender ?? (filter?.gender != null ? String(filter.gender) : ''),
        tier: String(filter?.tier ?? ''),
      });
      setOpen(true);
    },
    [filter],
  );
  useOpenGetStartedListener(onOpen);

  const field = WIZARD_STEPS[step - 1];
  const set = (k: WizardField, v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  async function checkStep(): Promise<boolean> {
    const problem = wizardFieldProblem(field, values[field]);
    if (problem) {
      setErrors((e) => ({ ...e, [field]: problem }));
      return false;
    }
    if (field === 'zip' || field === 'dob') {
      setChecking(true);
      const serverProblem = field === 'zip' ? await validateZipOnServer(values.zip) : await validateDobOnServer(values.dob);
      setChecking(false);
      if (serverProblem) {
        setErrors((e) => ({ ...e, [field]: serverProblem }));
        return false;
      }
    }
    return true;
  }

  async function onContinue() {
    if (!(await checkStep())) return;
    if (step < LIMITS.wizardSteps) {
      setStep(step + 1);
      return;
    }
    setFormError(null);
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
        const placed: Partial<Values> = {};
        let firstStep: number | null = null;
        for (const fe of err.fieldErrors) {
          const s = wizardStepFor(fe.target_element);
          if (s === null) continue;
          placed[fe.target_element as WizardField] ??= fe.error_message;
          firstStep = firstStep === null ? s : Math.min(firstStep, s);
        }
        setErrors(placed);
        if (firstStep !== null) setStep(firstStep);
        else setFormError(err.message);
      } else {
        setFormError(err instanceof Error ? err.message : String(err));
      }
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
        <p className="wizard-steps">{t('Steps: {{n}} of {{total}}', { n: step, total: LIMITS.wizardSteps })}</p>
        <div className="wizard-progress" aria-hidden="true">
          <span style={{ width: `${(step / LIMITS.wizardSteps) * 100}%` }} />
        </div>
        {step === 1 && (
          <TextField
            key="zip"
            label={t(TEXT.WHAT_IS_YOUR_ZIP)}
            name="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={LIMITS.zip}
            value={values.zip}
            onChange={(e) => set('zip', e.target.value.replace(/\D/g, '').slice(0, LIMITS.zip))}
            error={errors.zip}
            autoFocus
          />
        )}
        {step === 2 && (
          <DateField
            key="dob"
            label={t('What is your date of birth?')}
            name="dob"
            value={values.dob}
            onChange={(e) => set('dob', e.target.value)}
            error={errors.dob}
            autoFocus
          />
        )}
        {step === 3 && (
          <RadioGroup
            legend={t('What is your gender?')}
            name="gender"
            value={values.gender}
            options={GENDER_OPTIONS}
            onChange={(v) => set('gender', v)}
            error={errors.gender}
          />
        )}
        {step === 4 && (
          <RadioGroup
            legend={t(TEXT.WHO_NEEDS_COVERED)}
            name="tier"
            className="tier-options"
            value={values.tier}
            options={TIERS.map((x) => ({ value: x.code, label: x.short }))}
            onChange={(v) => set('tier', v)}
            error={errors.tier}
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
                    checked={chosen.includes(key)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, key] : c.filter((k) => k !== key)))}
                  />
                  <span>{t(categoryName(key))}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {/* Enter submits the step */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        <Alert>{formError ? t(formError) : null}</Alert>
      </form>
    </Modal>
  );
}
