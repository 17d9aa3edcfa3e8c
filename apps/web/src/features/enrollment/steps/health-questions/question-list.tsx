import { useTranslation } from 'react-i18next';
import { questionLayout, type TConditionDetail } from '@store/domain/health';
import { LIMITS } from '@store/domain/codes';
import type { savePrimaryHealthInfo } from '@store/domain/contract/enrollment-finish';
import type { BodyOf } from '../../api/body';
import { DateField, RadioGroup, SelectField, TextField } from '../../../../components/form/fields';

/** One answer of the form: yes/no, the detail of a Yes, and (for the medication question) up to three rows. */
export interface QuestionAnswer {
  question_id: number;
  question_text: string;
  /** null: not answered yet (decision 2440: no answer is chosen for the person). */
  yes_no_flag: 0 | 1 | null;
  /** The tobacco answer given on the plan page: shown as such, not asked again. */
  fromPlanPage?: boolean;
  detail: Record<string, string>;
}
export interface MedicationRow {
  id?: string | number;
  medication: string;
  dosage: string;
  medical_condition: string;
}
export interface HealthAnswers {
  questions: QuestionAnswer[];
  medication: { question_id: number; question_text: string; yes_no_flag: 0 | 1 | null; rows: MedicationRow[] } | null;
  notes: string;
}

type ServerQuestion = {
  question_id: number;
  question_text: string;
  yes_no_flag?: number | null;
  answered_on_plan_page?: number;
  conditions?: Partial<TConditionDetail>[];
};
type ServerMedication = { question_id: number; question_text: string; yes_no_flag?: number | null; medications?: Partial<MedicationRow>[] };

const flagOf = (v: number | string | null | undefined): 0 | 1 | null => (v === 1 || v === '1' ? 1 : v === 0 || v === '0' ? 0 : null);

const emptyRow = (): MedicationRow => ({ medication: '', dosage: '', medical_condition: '' });

/** Form state from the server's questions (saved answers included); nothing answered is shown unanswered. */
export function answersFrom(
  result: { codition_questions?: ServerQuestion[]; medication_question?: ServerMedication | null; notes?: string } | null | undefined,
): HealthAnswers {
  const questions = (result?.codition_questions ?? []).map((q) => ({
    question_id: q.question_id,
    question_text: q.question_text,
    yes_no_flag: flagOf(q.yes_no_flag),
    ...(q.answered_on_plan_page !== undefined ? { fromPlanPage: true } : {}),
    detail: Object.fromEntries(
      Object.entries(q.conditions?.[0] ?? {}).map(([k, v]) => [k, v === undefined || v === null ? '' : String(v)]),
    ),
  }));
  const m = result?.medication_question;
  const medication = m
    ? {
        question_id: m.question_id,
        question_text: m.question_text,
        yes_no_flag: flagOf(m.yes_no_flag),
        rows: Array.from(
          { length: LIMITS.maxMedications },
          (_, i) =>
            ({
              ...emptyRow(),
              ...Object.fromEntries(Object.entries(m.medications?.[i] ?? {}).map(([k, v]) => [k, v == null ? '' : String(v)])),
            }) as MedicationRow,
        ),
      }
    : null;
  return { questions, medication, notes: result?.notes ?? '' };
}

const filled = (o: Record<string, unknown>) => Object.values(o).some((v) => v !== undefined && v !== null && String(v).trim() !== '');

/** The wire payload (section 4.6): No sends yes_no_flag 0 with no details; rows 2 and 3 only when filled. */
/** The object without its empty ('' or undefined) values, typed as the partial object it is. */
const filledOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;

/** The answers as save-primary-health-info (and a dependent's health_info) takes them. */
export function payloadOf(
  a: HealthAnswers,
  skip: readonly number[] = [],
  /** A dependent's questions are optional (enrollment.md 2.8): one left unanswered is not sent, never sent as No. */
  dropUnanswered = false,
): Omit<BodyOf<typeof savePrimaryHealthInfo>, 'enrollment_id'> {
  const asked = a.questions.filter((q) => !skip.includes(q.question_id) && !(dropUnanswered && q.yes_no_flag === null));
  const medication = dropUnanswered && a.medication?.yes_no_flag === null ? null : a.medication;
  return payloadOfAsked({ ...a, questions: asked, medication });
}

function payloadOfAsked(a: HealthAnswers): Omit<BodyOf<typeof savePrimaryHealthInfo>, 'enrollment_id'> {
  return {
    condition_questions: a.questions.map((q) => {
      if (q.yes_no_flag !== 1 || questionLayout(q.question_id) === 'yes_no')
        return { question_id: q.question_id, question_text: q.question_text, yes_no_flag: q.yes_no_flag };
      const detail = filledOnly(q.detail);
      return { question_id: q.question_id, question_text: q.question_text, yes_no_flag: 1, conditions: [detail] };
    }),
    ...(a.medication
      ? {
          medication_question:
            a.medication.yes_no_flag === 1
              ? {
                  question_id: a.medication.question_id,
                  question_text: a.medication.question_text,
                  yes_no_flag: 1,
                  medications: a.medication.rows
                    .filter((r, i) => i === 0 || filled(r as unknown as Record<string, unknown>))
                    .map(filledOnly),
                }
              : { question_id: a.medication.question_id, question_text: a.medication.question_text, yes_no_flag: a.medication.yes_no_flag },
        }
      : {}),
    notes: a.notes,
  };
}

const YES_NO = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];
/** The id of a question's yes/no (its error and the error summary's link). */
export const answerName = (prefix: string, questionId: number) => `${prefix}q${questionId}`;
const FLAG_OPTIONS = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

/** The yes/no questions with their details, and the medication question. */
export function QuestionList({
  value,
  onChange,
  prefix,
  errors = {},
  skip = [],
  dropUnanswered = false,
}: {
  value: HealthAnswers;
  onChange: (next: HealthAnswers) => void;
  prefix: string;
  errors?: Record<string, string>;
  /** Questions that cannot apply to this person (pregnancy for a man): not shown, not sent. */
  skip?: readonly number[];
  /** Unanswered questions are not sent (a dependent's): the errors' indexes skip them. */
  dropUnanswered?: boolean;
}) {
  const { t } = useTranslation();
  const setQuestion = (i: number, patch: Partial<QuestionAnswer>) =>
    onChange({ ...value, questions: value.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) });
  const setDetail = (i: number, key: string, v: string) => setQuestion(i, { detail: { ...value.questions[i].detail, [key]: v } });
  const sentIndex = new Map(
    value.questions
      .filter((q) => !skip.includes(q.question_id) && !(dropUnanswered && q.yes_no_flag === null))
      .map((q, j) => [q.question_id, j]),
  );
  return (
    <div className="health-questions">
      {value.questions.map((q, i) => {
        if (skip.includes(q.question_id)) return null;
        const at = sentIndex.get(q.question_id); // the question's place in the payload, as its errors name it
        const layout = questionLayout(q.question_id);
        const d = (key: string) => ({
          name: `${prefix}q${q.question_id}_${key}`,
          value: q.detail[key] ?? '',
          onChange: (e: { target: { value: string } }) => setDetail(i, key, e.target.value),
          error: errors[`condition_questions.${at}.conditions.0.${key}`],
        });
        return (
          <div key={q.question_id} className="health-question card">
            {q.fromPlanPage ? (
              <div className="field answered-on-plan-page" id={answerName(prefix, q.question_id)}>
                <p className="field-label">{t(q.question_text)}</p>
                <p>
                  <strong>{t(q.yes_no_flag === 1 ? 'Yes' : 'No')}</strong>{' '}
                  <span className="field-hint">{t('(your answer on the plan page, which the price is based on)')}</span>
                </p>
              </div>
            ) : (
              <RadioGroup
                legend={t(q.question_text)}
                name={answerName(prefix, q.question_id)}
                value={q.yes_no_flag === null ? null : String(q.yes_no_flag)}
                options={YES_NO}
                onChange={(v) => setQuestion(i, { yes_no_flag: v === '1' ? 1 : 0 })}
                error={errors[`condition_questions.${at}.yes_no_flag`]}
              />
            )}
            {q.yes_no_flag === 1 && layout === 'special' && (
              <div className="form-grid">
                <TextField label={t('Condition')} {...d('condition')} />
                <TextField label={t('Status')} {...d('status')} />
                <DateField label={t('Last seen by physician')} {...d('last_seen_by_physician')} />
                <DateField label={t('Date of recovery')} {...d('date_of_recovery')} />
                <TextField label={t('Physician name')} {...d('physician_name')} />
                <TextField label={t('Address')} {...d('address')} />
                <TextField label={t('Phone')} inputMode="tel" maxLength={10} {...d('phone')} />
              </div>
            )}
            {q.yes_no_flag === 1 && layout === 'general' && (
              <div className="form-grid">
                <TextField label={t('Health condition')} {...d('health_condition')} />
                <DateField label={t('Date of onset')} {...d('date_of_onset')} />
                <DateField label={t('Date of recovery')} {...d('date_of_recovery')} />
                <SelectField label={t('Current treatment')} placeholder="Please select" options={FLAG_OPTIONS} {...d('is_treatment')} />
                <SelectField label={t('Taking medication')} placeholder="Please select" options={FLAG_OPTIONS} {...d('is_medicate')} />
                <DateField label={t('Date last seen by a physician')} {...d('d_last_seen')} />
                <TextField label={t('Remaining symptoms')} {...d('symptoms')} />
              </div>
            )}
          </div>
        );
      })}
      {value.medication && (
        <div className="health-question card">
          <RadioGroup
            legend={t(value.medication.question_text)}
            name={`${prefix}medication`}
            value={value.medication.yes_no_flag === null ? null : String(value.medication.yes_no_flag)}
            error={errors['medication_question.yes_no_flag']}
            options={YES_NO}
            onChange={(v) => onChange({ ...value, medication: { ...value.medication!, yes_no_flag: v === '1' ? 1 : 0 } })}
          />
          {value.medication.yes_no_flag === 1 &&
            value.medication.rows.map((row, r) => {
              const m = (key: keyof MedicationRow, label: string) => (
                <TextField
                  label={`${t(label)} ${r + 1}`}
                  name={`${prefix}med${r}_${key}`}
                  error={errors[`medication_question.medications.${r}.${key}`]}
                  value={String(row[key] ?? '')}
                  onChange={(e) =>
                    onChange({
                      ...value,
                      medication: {
                        ...value.medication!,
                        rows: value.medication!.rows.map((x, j) => (j === r ? { ...x, [key]: e.target.value } : x)),
                      },
                    })
                  }
                />
              );
              return (
                <div key={r} className="form-grid medication-row">
                  {m('medication', 'Medication')}
                  {m('dosage', 'Dosage')}
                  {m('medical_condition', 'Medical condition')}
                </div>
              );
            })}
        </div>
      )}
    </div>
  );
}

/**
 * The errors keyed by the controls' names (what the error summary links to): `condition_questions.2.yes_no_flag` is
 * the yes/no of the third question, `medication_question.medications.0.dosage` the first row's dosage.
 */
export function errorsByControl(
  prefix: string,
  value: HealthAnswers,
  errors: Record<string, string>,
  skip: readonly number[] = [],
  dropUnanswered = false,
): Record<string, string> {
  const out: Record<string, string> = {};
  // the indexes of the payload
  const sent = value.questions.filter((q) => !skip.includes(q.question_id) && !(dropUnanswered && q.yes_no_flag === null));
  for (const [path, message] of Object.entries(errors)) {
    const q = /^condition_questions\.(\d+)\.(yes_no_flag|conditions\.0\.(\w+))$/.exec(path);
    const m = /^medication_question\.(yes_no_flag|medications\.(\d+)\.(\w+))$/.exec(path);
    const question = q ? sent[Number(q[1])] : undefined;
    if (question) out[q![3] ? `${answerName(prefix, question.question_id)}_${q![3]}` : answerName(prefix, question.question_id)] = message;
    else if (m) out[m[2] !== undefined ? `${prefix}med${m[2]}_${m[3]}` : `${prefix}medication`] = message;
    else out[path] = message;
  }
  return out;
}
