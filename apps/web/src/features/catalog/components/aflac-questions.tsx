import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { RadioGroup } from '../../../components/form/fields';
import { saveAflacAnswers, type TAflacQuestion } from '../api/catalog';

/** Aflac-type questions in place of the price cards: every question whose required answer is Yes must be Yes. */
export function AflacQuestions({
  tempId,
  planId,
  questions,
  onSaved,
}: {
  tempId: string;
  planId: number;
  questions: TAflacQuestion[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [wrong, setWrong] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const bad = questions.filter((q) => (q.true_condition === true ? answers[q.qid] !== '1' : !answers[q.qid])).map((q) => q.qid);
    setWrong(bad);
    if (bad.length) return setError(TEXT.ANSWER_YES_IN_ORDER);
    setError(null);
    setBusy(true);
    try {
      await saveAflacAnswers({
        enrollment_id: tempId,
        plan_id: planId,
        aflac_data: questions.map((q) => ({ qid: q.qid, true_condition: answers[q.qid] === '1' })),
      });
      onSaved();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card aflac-questions" aria-labelledby="aflac-title">
      <h2 id="aflac-title">{t('Eligibility Questions')}</h2>
      <Alert>{error ? t(error) : null}</Alert>
      {questions.map((q, i) => (
        <RadioGroup
          key={q.qid}
          legend={`${i + 1}. ${t(q.question)}`}
          name={`aflac_${q.qid}`}
          value={answers[q.qid] ?? null}
          options={[
            { value: '1', label: 'Yes' },
            { value: '0', label: 'No' },
          ]}
          onChange={(v) => {
            setAnswers((a) => ({ ...a, [q.qid]: v }));
            setWrong((w) => w.filter((x) => x !== q.qid));
          }}
          error={wrong.includes(q.qid) ? TEXT.ANSWER_YES_TO_CONTINUE_INLINE : null}
        />
      ))}
      <Button onClick={submit} busy={busy}>
        {t('Continue')}
      </Button>
    </section>
  );
}
