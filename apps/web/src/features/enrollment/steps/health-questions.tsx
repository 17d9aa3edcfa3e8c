import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZHealthInfo } from '@store/domain/health';
import { toFieldErrors } from '@store/domain/validation';
import { flatErrors } from '../../../components/form/flat-errors';
import { TextAreaField } from '../../../components/form/fields';
import { ErrorSummary, summaryOfMessage, summaryOfRecord } from '../../../components/form/error-summary';
import { Alert, Spinner } from '../../../components/ui/alert';
import { fetchExistingHealthInfo, healthQuestionsKey, saveHealthInfo, useHealthQuestions } from '../api/health';
import { storage } from '../../../lib/storage';
import type { EnrollmentStep, StepProps } from '../wizard/contract';
import { StepActions } from '../wizard/step-actions';
import { useStepRunner } from '../wizard/step-runner';
import { answersFrom, errorsByControl, payloadOf, QuestionList, type HealthAnswers } from './health-questions/question-list';

/** Primary health questions (enrollment.md 2.7, 4.6). */
function HealthQuestionsStep({ nav }: StepProps) {
  const qc = useQueryClient();
  const questions = useHealthQuestions(nav.enrollmentId);
  // An existing member whose health is not tracked yet: their last answers are fetched, saved, and reloaded.
  const [prefilling, setPrefilling] = useState(
    storage.get('enroll_type') === 'existing-member' && storage.get('health_track') !== nav.enrollmentId,
  );
  useEffect(() => {
    if (!prefilling) return;
    void (async () => {
      try {
        const existing = await fetchExistingHealthInfo(nav.enrollmentId);
        if (existing) {
          await saveHealthInfo(nav.enrollmentId, existing);
          await qc.invalidateQueries({ queryKey: healthQuestionsKey(nav.enrollmentId) });
        }
        storage.set('health_track', nav.enrollmentId);
      } catch {
        /* nothing to prefill */
      }
      setPrefilling(false);
    })();
  }, [prefilling, nav.enrollmentId, qc]);
  if (questions.isError) return <Alert>{(questions.error as Error).message}</Alert>;
  if (!questions.data || prefilling || questions.isFetching) return <Spinner />;
  return <HealthForm nav={nav} initial={answersFrom(questions.data)} />;
}

/**
 * The answers live in react-hook-form; the resolver checks what would be sent (payloadOf) with the shared ZHealthInfo,
 * so a refused answer shows beside its question, as the server would name it, before anything is sent.
 */
const healthResolver: Resolver<HealthAnswers> = async (values) => {
  const parsed = ZHealthInfo.safeParse(payloadOf(values));
  if (parsed.success) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      toFieldErrors(parsed.error.issues).map((e) => [e.target_element, { type: 'validate', message: e.error_message }]),
    ) as FieldErrors<HealthAnswers>,
  };
};

function HealthForm({ nav, initial }: StepProps & { initial: HealthAnswers }) {
  const { t } = useTranslation();
  const { handleSubmit, setValue, watch, setError, clearErrors, formState } = useForm<HealthAnswers>({
    defaultValues: initial,
    resolver: healthResolver,
  });
  const answers = watch();
  const errors = flatErrors(formState.errors);
  const { formRef, busy, formError, run } = useStepRunner(nav, setError, []);
  const setAnswers = (next: HealthAnswers) => {
    setValue('questions', next.questions, { shouldDirty: true });
    setValue('medication', next.medication, { shouldDirty: true });
    setValue('notes', next.notes, { shouldDirty: true });
  };
  const save = (mode: 'next' | 'later') =>
    handleSubmit(async (values) => {
      clearErrors();
      const ok = await run(mode, () => saveHealthInfo(nav.enrollmentId, payloadOf(values)));
      if (ok) storage.set('isSpouseEnrollAccept', false);
    });
  return (
    <form
      ref={formRef}
      className="step-form card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save('next')();
      }}
    >
      <h2>{t('Health Questions')}</h2>
      <p className="field-hint">{t('Answer every question. A "Yes" asks for its details, which the carrier reviews.')}</p>
      <ErrorSummary
        attempts={formState.submitCount}
        items={[...summaryOfMessage(formError), ...summaryOfRecord(errorsByControl('p_', answers, errors))]}
      />
      <QuestionList value={answers} onChange={setAnswers} prefix="p_" errors={errors} />
      <TextAreaField
        label={t('Additional Notes')}
        name="notes"
        maxLength={2000}
        value={answers.notes}
        onChange={(e) => setValue('notes', e.target.value, { shouldDirty: true })}
        error={errors.notes}
      />
      <StepActions onBack={nav.goBack} onSaveLater={() => void save('later')()} busy={busy} />
    </form>
  );
}

export const step: EnrollmentStep = { tab: 'primary_health_info', Component: HealthQuestionsStep };
