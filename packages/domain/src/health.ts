import { z } from 'zod';
import { LIMITS } from './codes.ts';

/**
 * Health questions (enrollment.md sections 2.7, 3, 4.6): yes/no questions revealing their details on Yes,
 * question 145 yes/no only, 146 and 147 with the special detail layout, and the medication question.
 */
export const SPECIAL_QUESTION_IDS = { yesNoOnly: 145, special: [146, 147] } as const;
export const MEDICATION_QUESTION_ID = 150;

export type QuestionLayout = 'yes_no' | 'special' | 'general';
export const questionLayout = (questionId: number): QuestionLayout =>
  questionId === SPECIAL_QUESTION_IDS.yesNoOnly
    ? 'yes_no'
    : (SPECIAL_QUESTION_IDS.special as readonly number[]).includes(questionId)
      ? 'special'
      : 'general';

/** The questions the store asks (served by GET get-health-questions-*). */
export const PRIMARY_HEALTH_QUESTIONS: { question_id: number; question_text: string }[] = [
  {
    question_id: 141,
    question_text: 'In the past 5 years, have you been diagnosed with or treated for heart disease, stroke or high blood pressure?',
  },
  { question_id: 142, question_text: 'In the past 5 years, have you been diagnosed with or treated for cancer or a tumor?' },
  {
    question_id: 143,
    question_text: 'In the past 5 years, have you been diagnosed with or treated for diabetes, kidney or liver disease?',
  },
  {
    question_id: 144,
    question_text: 'In the past 2 years, have you been hospitalized or advised to have surgery that has not been performed?',
  },
  { question_id: 145, question_text: 'Do you currently use tobacco or nicotine products?' },
  { question_id: 146, question_text: 'Are you currently pregnant or being treated for a condition related to pregnancy?' },
  { question_id: 147, question_text: 'Are you currently under the care of a physician for any condition not listed above?' },
];
export const MEDICATION_QUESTION_TEXT = 'Are you currently taking any prescription medication?';

export const GENERAL_DETAIL_FIELDS = [
  'health_condition',
  'date_of_onset',
  'date_of_recovery',
  'is_treatment',
  'is_medicate',
  'd_last_seen',
  'symptoms',
] as const;
export const SPECIAL_DETAIL_FIELDS = [
  'condition',
  'status',
  'last_seen_by_physician',
  'date_of_recovery',
  'physician_name',
  'address',
  'phone',
] as const;

const text = (max = 255) => z.string().trim().max(max).optional();
const flag = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((v) => Number(v) as 0 | 1);
const optFlag = z
  .union([flag, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' || v === null || v === undefined ? undefined : v));

export const ZConditionDetail = z.object({
  health_condition: text(),
  date_of_onset: text(10),
  date_of_recovery: text(10),
  is_treatment: optFlag,
  is_medicate: optFlag,
  d_last_seen: text(10),
  symptoms: text(1000),
  condition: text(),
  status: text(),
  last_seen_by_physician: text(10),
  physician_name: text(),
  address: text(),
  phone: text(20),
});
export type TConditionDetail = z.infer<typeof ZConditionDetail>;

export const ZConditionQuestion = z.object({
  question_id: z.coerce.number().int().positive(),
  question_text: text(1000),
  yes_no_flag: flag,
  conditions: z.array(ZConditionDetail).max(5).optional(),
});
export type TConditionQuestion = z.infer<typeof ZConditionQuestion>;

export const ZMedication = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  medication: text(),
  dosage: text(),
  medical_condition: text(),
});
export const ZMedicationQuestion = z.object({
  question_id: z.coerce.number().int().positive(),
  question_text: text(1000),
  yes_no_flag: flag,
  medications: z.array(ZMedication).max(LIMITS.maxMedications).optional(),
});
export type TMedicationQuestion = z.infer<typeof ZMedicationQuestion>;

export const ZHealthInfo = z.object({
  condition_questions: z.array(ZConditionQuestion).max(50).default([]),
  medication_question: ZMedicationQuestion.optional(),
  notes: z.string().trim().max(2000).optional(),
});
export type THealthInfo = z.infer<typeof ZHealthInfo>;

export const ZSavePrimaryHealthRequest = ZHealthInfo.extend({ enrollment_id: z.string().trim().min(1).max(64) });

const filled = (o: Record<string, unknown>) => Object.values(o).some((v) => v !== undefined && v !== null && String(v).trim() !== '');

/**
 * What is kept of an answer (section 4.6): No sends yes_no_flag 0 with no details; question 145 never has
 * details; medication rows after the first only when any field (or id) is filled.
 */
export function normalizeHealthInfo(info: THealthInfo): THealthInfo {
  const condition_questions = info.condition_questions.map((q) => {
    if (q.yes_no_flag !== 1 || questionLayout(q.question_id) === 'yes_no')
      return { question_id: q.question_id, question_text: q.question_text, yes_no_flag: q.yes_no_flag };
    const keys = questionLayout(q.question_id) === 'special' ? SPECIAL_DETAIL_FIELDS : GENERAL_DETAIL_FIELDS;
    const conditions = (q.conditions ?? []).map((c) =>
      Object.fromEntries(keys.map((k) => [k, (c as Record<string, unknown>)[k]]).filter(([, v]) => v !== undefined && v !== '')),
    );
    return { ...q, conditions };
  });
  let medication_question = info.medication_question;
  if (medication_question) {
    if (medication_question.yes_no_flag !== 1)
      medication_question = {
        question_id: medication_question.question_id,
        question_text: medication_question.question_text,
        yes_no_flag: 0,
      };
    else
      medication_question = {
        ...medication_question,
        medications: (medication_question.medications ?? []).filter((m, i) => i === 0 || filled(m)).slice(0, LIMITS.maxMedications),
      };
  }
  return { condition_questions, medication_question, notes: info.notes };
}

/** The questions as served: the general list and the medication question. */
export const healthQuestionsResult = () => ({
  codition_questions: PRIMARY_HEALTH_QUESTIONS.map((q) => ({ ...q, yes_no_flag: 0 as const, conditions: [] })),
  medication_question: {
    question_id: MEDICATION_QUESTION_ID,
    question_text: MEDICATION_QUESTION_TEXT,
    yes_no_flag: 0 as const,
    medications: [],
  },
});
