import { lazy, Suspense, useRef } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '@store/domain/validation';
import { flatErrors } from '../../../components/form/flat-errors';
import { TEXT } from '@store/domain/texts';
import {
  TYPED_NAME_REQUIRED,
  ZSaveAgreementRequest,
  verificationMode,
  verificationTitle,
  type AgreementFormFields,
  type SignatureMethod,
} from '@store/domain/agreement';
import { RadioGroup, TextField } from '../../../components/form/fields';
import { ErrorSummary, summaryOfMessage, summaryOfRecord } from '../../../components/form/error-summary';
import { Alert, Spinner } from '../../../components/ui/alert';
import { dropEmpty, useStepRunner } from '../wizard/step-runner';
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

interface AgreementValues {
  agreements: boolean[];
  answer: string;
  signature_method: SignatureMethod;
  typed_name: string;
}
interface AgreementContext {
  texts: AgreementText[];
  fields: AgreementFormFields;
  signed: boolean;
  /** The signature image the form would send: the pad's drawing or the typed name rendered. */
  png: (v: AgreementValues) => Promise<string | null>;
}

/**
 * The agreement's rules (enrollment.md 4.9) over the shared ZSaveAgreementRequest: every required text ticked, a
 * signature (drawn, or a typed name) when one is required, the verification answer when asked.
 */
const agreementResolver: Resolver<AgreementValues, AgreementContext> = async (values, ctx) => {
  const next: Record<string, string> = {};
  const parsed = ZSaveAgreementRequest.pick({ answer: true, typed_name: true, agreements: true }).safeParse(values);
  if (!parsed.success) for (const e of toFieldErrors(parsed.error.issues)) next[e.target_element] = e.error_message;
  if (ctx) {
    ctx.texts.forEach((x, i) => {
      if (x.text_required && !values.agreements[i]) next[`agreements.${i}`] = TEXT.THIS_FIELD_REQUIRED;
    });
    const png = await ctx.png(values);
    const sigRequired = ctx.fields.signature?.required || verificationMode(ctx.fields) === 'sigapplicant';
    if (values.signature_method === 'typed' && !png) next.typed_name = TYPED_NAME_REQUIRED;
    else if (sigRequired && !png && !ctx.signed) next.signature = TEXT.SIGNATURE_REQUIRED;
    if (ctx.fields.answer?.required && !values.answer.trim()) next.answer = TEXT.FIELD_REQUIRED;
  }
  if (!Object.keys(next).length) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(Object.entries(next).map(([k, m]) => [k, { type: 'validate', message: m }])) as FieldErrors<AgreementValues>,
  };
};

function AgreementForm({
  nav,
  texts,
  fields,
  signed,
}: StepProps & { texts: AgreementText[]; fields: AgreementFormFields; signed: boolean }) {
  const { t } = useTranslation();
  const sigRef = useRef<SignatureHandle>(null);
  const png = async (v: AgreementValues) =>
    v.signature_method === 'typed' ? await typedSignaturePng(v.typed_name) : (sigRef.current?.toPng() ?? null);
  // The ticks, the answer and the way of signing live in react-hook-form; the pad keeps its drawing (sigRef).
  const { handleSubmit, setValue, watch, setError, clearErrors, formState } = useForm<AgreementValues, AgreementContext>({
    defaultValues: { agreements: texts.map(() => signed), answer: fields.answer?.value ?? '', signature_method: 'drawn', typed_name: '' },
    resolver: agreementResolver,
    context: { texts, fields, signed, png },
  });
  const v = watch();
  const ticks = v.agreements;
  const answer = v.answer;
  const method = v.signature_method;
  const typedName = v.typed_name;
  const errors = flatErrors(formState.errors);
  // The server's field errors beside their fields (the summary lists them); anything else as the form's message.
  const { formRef, busy, formError, setFormError, run } = useStepRunner(nav, setError);
  const mode = verificationMode(fields);
  const value = (k: string) => fields[k]?.value ?? '';

  const save = (go: 'next' | 'later') =>
    handleSubmit(async (values) => {
      setFormError(null);
      const image = await png(values);
      const body = dropEmpty({
        enrollment_id: nav.enrollmentId,
        eprocess: mode,
        question_id: fields.question_id?.value,
        question: fields.question?.value,
        answer: values.answer,
        verification_code: fields.verification_code?.value,
        date: value('date'),
        agent_name: value('agent_name'),
        agent_code: value('agent_code'),
        group_name: value('group_name'),
        group_code: value('group_code'),
        user_name: value('user_name'),
        signature: image,
        signature_method: image ? values.signature_method : null,
        typed_name: values.signature_method === 'typed' ? values.typed_name.trim() : null,
        agreements: values.agreements,
      });
      await run(go, () => saveAgreement(body));
    })();

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
      <ErrorSummary attempts={formState.submitCount} items={[...summaryOfMessage(formError), ...summaryOfRecord(errors)]} />
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
              onChange={(e) => setValue(`agreements.${i}`, e.target.checked, { shouldDirty: true })}
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
              onChange={(e) => setValue('answer', e.target.value, { shouldDirty: true })}
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
          onChange={(x) => setValue('signature_method', x as SignatureMethod, { shouldDirty: true })}
        />
        {method === 'typed' ? (
          <TypedSignatureField
            value={typedName}
            onChange={(x) => {
              setValue('typed_name', x, { shouldDirty: true });
              if (x.trim()) clearErrors('typed_name');
            }}
            error={errors.typed_name || errors.signature}
          />
        ) : (
          <SignatureField
            ref={sigRef}
            label={t('Signature')}
            error={errors.signature}
            onChange={(empty) => !empty && clearErrors('signature' as keyof AgreementValues)}
          />
        )}
      </fieldset>
      <StepActions onBack={nav.goBack} onSaveLater={() => void save('later')} busy={busy} />
    </form>
  );
}

export const step: EnrollmentStep = { tab: 'agreement_info', Component: AgreementSignatureStep };
