import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import {
  TYPED_NAME_REQUIRED,
  verificationMode,
  verificationTitle,
  type AgreementFormFields,
  type SignatureMethod,
} from '@store/domain/agreement';
import { RadioGroup, TextField } from '../../../components/form/fields';
import { ErrorSummary, summaryOfMessage, summaryOfRecord } from '../../../components/form/error-summary';
import { Alert, Spinner } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import type { TAgreementText } from '@store/domain/contract/enrollment-finish';
import { saveAgreement, useAgreementStep } from '../api/agreement';
import type { EnrollmentStep, StepProps } from '../wizard/contract';
import { StepActions } from '../wizard/step-actions';
import { SignatureField, type SignatureHandle } from './agreement-signature/signature-field';
import { TypedSignatureField, typedSignaturePng } from './agreement-signature/typed-signature';

// The consents' texts and code come with the agreement step only, not with the wizard's first step.
const AgreementConsents = lazy(() => import('../consent/agreement-consents').then((m) => ({ default: m.AgreementConsents })));

type AgreementText = TAgreementText;

/** Agreement & Signature (enrollment.md 2.10, 4.9). */
function AgreementSignatureStep({ nav }: StepProps) {
  const data = useAgreementStep(nav.enrollmentId);
  if (data.isError) return <Alert>{(data.error as Error).message}</Alert>;
  if (!data.data) return <Spinner />;
  return <AgreementForm nav={nav} {...data.data} />;
}

function AgreementForm({
  nav,
  texts,
  fields,
  signed,
}: StepProps & { texts: AgreementText[]; fields: AgreementFormFields; signed: boolean }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const sigRef = useRef<SignatureHandle>(null);
  const [ticks, setTicks] = useState<boolean[]>(() => texts.map(() => signed));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState(fields.answer?.value ?? '');
  const [method, setMethod] = useState<SignatureMethod>('drawn');
  const [typedName, setTypedName] = useState('');
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const mode = verificationMode(fields);
  const value = (k: string) => fields[k]?.value ?? '';

  const save = async (go: 'next' | 'later') => {
    const next: Record<string, string> = {};
    texts.forEach((x, i) => {
      if (x.text_required && !ticks[i]) next[`agreements.${i}`] = TEXT.THIS_FIELD_REQUIRED;
    });
    const png = method === 'typed' ? await typedSignaturePng(typedName) : (sigRef.current?.toPng() ?? null);
    const sigRequired = fields.signature?.required || mode === 'sigapplicant';
    if (method === 'typed' && !png) next.typed_name = TYPED_NAME_REQUIRED;
    else if (sigRequired && !png && !signed) next.signature = TEXT.SIGNATURE_REQUIRED;
    if (fields.answer?.required && !answer.trim()) next.answer = TEXT.FIELD_REQUIRED;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return setAttempts((n) => n + 1);
    setBusy(true);
    const body = Object.fromEntries(
      Object.entries({
        enrollment_id: nav.enrollmentId,
        eprocess: mode,
        question_id: fields.question_id?.value,
        question: fields.question?.value,
        answer,
        verification_code: fields.verification_code?.value,
        date: value('date'),
        agent_name: value('agent_name'),
        agent_code: value('agent_code'),
        group_name: value('group_name'),
        group_code: value('group_code'),
        user_name: value('user_name'),
        signature: png,
        signature_method: png ? method : null,
        typed_name: method === 'typed' ? typedName.trim() : null,
        agreements: ticks,
      }).filter(([, v]) => v !== null && v !== undefined && v !== ''),
    );
    try {
      await saveAgreement(body);
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length)
        setErrors(Object.fromEntries(err.fieldErrors.map((f) => [f.target_element, f.error_message])));
      else setFormError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      setAttempts((n) => n + 1);
      setBusy(false);
      return;
    }
    await nav.captureScreenshot(formRef.current);
    setBusy(false);
    if (go === 'next') nav.goNext();
    else nav.openSaveForLater();
  };

  const readOnly = (name: string, label: string) =>
    fields[name]?.value ? <TextField label={t(label)} name={name} value={value(name)} readOnly disabled={fields[name]?.read_only} /> : null;

  return (
    <form
      ref={formRef}
      className="step-form card agreement-step"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save('next');
      }}
    >
      <h2>{t(TEXT.AGREEMENT_AND_SIGNATURE)}</h2>
      <h3>{t(TEXT.AGREEMENT_FORM_TITLE)}</h3>
      <ErrorSummary attempts={attempts} items={[...summaryOfMessage(formError), ...summaryOfRecord(errors)]} />
      {texts.map((x, i) => (
        <div key={i} className="agreement-text">
          <h4>{t(x.text_head)}</h4>
          <p>{t(x.text_body)}</p>
          <label className="checkbox-row">
            <input
              type="checkbox"
              checked={ticks[i]}
              name={`agreements.${i}`}
              aria-describedby={errors[`agreements.${i}`] ? `agreements_${i}_message` : undefined}
              onChange={(e) => setTicks((p) => p.map((v, j) => (j === i ? e.target.checked : v)))}
            />
            <span>
              {t('I agree')}: {t(x.text_head)}
              {x.text_required && <span aria-hidden="true"> *</span>}
            </span>
          </label>
          {errors[`agreements.${i}`] && (
            <div id={`agreements_${i}_message`} className="field-error" role="alert">
              {t(errors[`agreements.${i}`])}
            </div>
          )}
        </div>
      ))}
      <Suspense fallback={<Spinner />}>
        <AgreementConsents enrollmentId={nav.enrollmentId} errors={errors} />
      </Suspense>
      <fieldset className="verification card">
        <legend>{t(verificationTitle(mode))}</legend>
        <div className="form-grid">
          {mode === 'rep' && readOnly('agent_name', 'Broker Name')}
          {mode === 'rep' && readOnly('agent_code', 'Broker Code')}
          {mode === 'group' && readOnly('group_name', 'Group Name')}
          {mode === 'group' && readOnly('group_code', 'Group Code')}
          {(mode === 'applicant' || mode === 'sigapplicant') && readOnly('user_name', 'Applicant Name')}
          {readOnly('date', 'Date')}
          {fields.question?.value && (
            <TextField
              label={t(fields.question.value)}
              name="answer"
              value={answer}
              onChange={(e) => setAnswer(e.target.value)}
              error={errors.answer}
            />
          )}
        </div>
        {signed && <p className="field-hint">{t('A signature is on file. Draw again to replace it.')}</p>}
        <RadioGroup
          legend={t('How do you want to sign?')}
          name="signature_method"
          value={method}
          options={[
            { value: 'drawn', label: 'Draw' },
            { value: 'typed', label: 'Type' },
          ]}
          onChange={(v) => setMethod(v as SignatureMethod)}
        />
        {method === 'typed' ? (
          <TypedSignatureField
            value={typedName}
            onChange={(v) => (setTypedName(v), v.trim() && setErrors((p) => ({ ...p, typed_name: '' })))}
            error={errors.typed_name || errors.signature}
          />
        ) : (
          <SignatureField
            ref={sigRef}
            label={t('Signature')}
            error={errors.signature}
            onChange={(empty) => !empty && setErrors((p) => ({ ...p, signature: '' }))}
          />
        )}
      </fieldset>
      <StepActions onBack={nav.goBack} onSaveLater={() => void save('later')} busy={busy} />
    </form>
  );
}

export const step: EnrollmentStep = { tab: 'agreement_info', Component: AgreementSignatureStep };
