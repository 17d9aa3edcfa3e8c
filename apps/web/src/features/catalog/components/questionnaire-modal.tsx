import { useState } from 'react';
import { useAttempt } from '../../../lib/use-attempt';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { TEXT } from '@store/domain/texts';
import { LIMITS } from '@store/domain/codes';
import type { TQuestion } from '@store/domain/catalog';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/alert';
import { RadioGroup, TextField } from '../../../components/form/fields';
import { fetchQuestions, saveQuestionAnswers } from '../api/catalog';

type Detail = {
  dot_from: string;
  dot_to: string;
  reason_for_condition: string;
  degree_of_recovery: string;
  physician_name_address: string;
};
type AnswerState = { yes_no_flag?: '1' | '0'; checkbox_answers: number[]; detail: Detail[] };
const emptyDetail = (): Detail => ({
  dot_from: '',
  dot_to: '',
  reason_for_condition: '',
  degree_of_recovery: '',
  physician_name_address: '',
});
const YES_NO = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];
const DETAIL_FIELDS: [keyof Detail, string][] = [
  ['dot_from', 'Date of treatment from'],
  ['dot_to', 'Date of treatment to'],
  ['reason_for_condition', 'Reason for condition'],
  ['degree_of_recovery', 'Degree of recovery'],
  ['physician_name_address', 'Physician name and address'],
];

/** The plan questionnaire of Enroll Now: yes/no, grouped checkbox options, up to two detail entries. */
export function QuestionnaireModal({
  open,
  tempId,
  planId,
  planName,
  onClose,
  onDone,
}: {
  open: boolean;
  tempId: string;
  planId: number;
  planName: string;
  onClose: () => void;
  onDone: (r: { declined: boolean; message: string }) => void;
}) {
  const { t } = useTranslation();
  const qs = useQuery({ queryKey: ['plan-questions', planId, tempId], enabled: open, queryFn: () => fetchQuestions(tempId, planId) });
  const [answers, setAnswers] = useState<Record<number, AnswerState>>({});
  const [missing, setMissing] = useState<number[]>([]);
  const { busy, error, setError, attempt } = useAttempt();
  const get = (id: number): AnswerState => answers[id] ?? { checkbox_answers: [], detail: [] };
  const patch = (id: number, p: Partial<AnswerState>) => {
    setAnswers((a) => ({ ...a, [id]: { ...get(id), ...p } }));
    setMissing((m) => m.filter((x) => x !== id));
  };
  const submit = async () => {
    const list = qs.data ?? [];
    const unanswered = list.filter((q) => !get(q.question_id).yes_no_flag).map((q) => q.question_id);
    setMissing(unanswered);
    if (unanswered.length) return setError(TEXT.PLEASE_ANSWER_ALL);
    await attempt(async () => {
      const r = await saveQuestionAnswers({
        enrollment_id: tempId,
        plan_id: planId,
        answers: list.map((q) => {
          const a = get(q.question_id);
          const yes = a.yes_no_flag === '1';
          return {
            question_id: q.question_id,
            yes_no_flag: Number(a.yes_no_flag),
            who: 'primary',
            checkbox_answers: yes ? a.checkbox_answers : [],
            detail: yes ? a.detail : [],
          };
        }),
      });
      onDone({ declined: r.declined, message: r.message });
    });
  };
  return (
    <Modal
      open={open}
      title={`${t('Questions')}: ${planName}`}
      onClose={onClose}
      size="lg"
      footer={
        <Button onClick={submit} busy={busy}>
          {t('Submit')}
        </Button>
      }
    >
      <Alert>{error ? t(error) : null}</Alert>
      {qs.isLoading && <Spinner />}
      {(qs.data ?? []).map((q, i) => (
        <QuestionBlock
          key={q.question_id}
          index={i}
          q={q}
          a={get(q.question_id)}
          missing={missing.includes(q.question_id)}
          onChange={(p) => patch(q.question_id, p)}
        />
      ))}
    </Modal>
  );
}

function QuestionBlock({
  q,
  a,
  index,
  missing,
  onChange,
}: {
  q: TQuestion;
  a: AnswerState;
  index: number;
  missing: boolean;
  onChange: (p: Partial<AnswerState>) => void;
}) {
  const { t } = useTranslation();
  const yes = a.yes_no_flag === '1';
  const groups = [...new Set(q.options.map((o) => o.option_group))];
  const needsDetail = q.require_detail || q.question_sub_type === 'detail';
  const details = a.detail.length ? a.detail : [emptyDetail()];
  const setDetail = (i: number, k: keyof Detail, v: string) =>
    onChange({ detail: details.map((d, j) => (j === i ? { ...d, [k]: v } : d)) });
  return (
    <div className="question">
      <RadioGroup
        legend={`${index + 1}. ${t(q.question_text)}`}
        name={`q_${q.question_id}`}
        value={a.yes_no_flag ?? null}
        options={YES_NO}
        onChange={(v) =>
          onChange({ yes_no_flag: v as '1' | '0', detail: v === '1' && needsDetail && !a.detail.length ? [emptyDetail()] : a.detail })
        }
        error={missing ? TEXT.ANSWER_YES_NO_TO_CONTINUE_INLINE : null}
      />
      {yes &&
        q.question_sub_type === 'checkbox' &&
        groups.map((g) => (
          <fieldset key={g} className="option-group">
            <legend>{t(g)}</legend>
            {q.options
              .filter((o) => o.option_group === g)
              .map((o) => (
                <label key={o.option_id} className="radio-option">
                  <input
                    type="checkbox"
                    checked={a.checkbox_answers.includes(o.option_id)}
                    onChange={(e) =>
                      onChange({
                        checkbox_answers: e.target.checked
                          ? [...a.checkbox_answers, o.option_id]
                          : a.checkbox_answers.filter((x) => x !== o.option_id),
                      })
                    }
                  />
                  <span>{t(o.option_text)}</span>
                </label>
              ))}
          </fieldset>
        ))}
      {yes && needsDetail && (
        <div>
          {details.map((d, i) => (
            <fieldset key={i} className="detail-entry">
              <legend>{t('Treatment detail {{n}}', { n: i + 1 })}</legend>
              {DETAIL_FIELDS.map(([k, label]) => (
                <TextField
                  key={k}
                  label={t(label)}
                  name={`q_${q.question_id}_${i}_${k}`}
                  value={d[k]}
                  maxLength={255}
                  onChange={(e) => setDetail(i, k, e.target.value)}
                />
              ))}
            </fieldset>
          ))}
          {details.length < LIMITS.maxTreatmentDetails && (
            <Button variant="link" onClick={() => onChange({ detail: [...details, emptyDetail()] })}>
              {t('Add another treatment detail')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
