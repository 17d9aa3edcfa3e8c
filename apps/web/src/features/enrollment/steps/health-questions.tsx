import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/form/fields';
import { ErrorSummary, summaryOfMessage, summaryOfRecord } from '../../../components/form/error-summary';
import { Alert, Spinner } from '../../../components/ui/alert';
import { fetchExistingHealthInfo, healthQuestionsKey, saveHealthInfo, useHealthQuestions } from '../api/health';
import { storage } from '../../../lib/storage';
import type { EnrollmentStep, StepProps } from '../wizard/contract';
import { StepActions } from '../wizard/step-actions';
import { useStepRunner } from '../wizard/step-runner';
import { answersFrom, payloadOf, QuestionList, type HealthAnswers } from './health-questions/question-list';

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

function HealthForm({ nav, initial }: StepProps & { initial: HealthAnswers }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempts, setAttempts] = useState(0);
  const setError = ((name: string, e: { message?: string }) => setErrors((prev) => ({ ...prev, [name]: e.message ?? '' }))) as never;
  const { formRef, busy, formError, run } = useStepRunner(nav, setError, []);
  const save = (mode: 'next' | 'later') => async () => {
    setErrors({});
    const ok = await run(mode, () => saveHealthInfo(nav.enrollmentId, payloadOf(answers)));
    if (ok) storage.set('isSpouseEnrollAccept', false);
    else setAttempts((n) => n + 1);
  };
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
      <ErrorSummary attempts={attempts} items={[...summaryOfMessage(formError), ...summaryOfRecord({ notes: errors.notes })]} />
      <QuestionList value={answers} onChange={setAnswers} prefix="p_" errors={errors} />
      <TextAreaField
        label={t('Additional Notes')}
        name="notes"
        maxLength={2000}
        value={answers.notes}
        onChange={(e) => setAnswers({ ...answers, notes: e.target.value })}
        error={errors.notes}
      />
      <StepActions onBack={nav.goBack} onSaveLater={() => void save('later')()} busy={busy} />
    </form>
  );
}

export const step: EnrollmentStep = { tab: 'primary_health_info', Component: HealthQuestionsStep };
