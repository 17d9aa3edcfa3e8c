import { z } from 'zod';
import { LIMITS } from './codes.ts';
import { TEXT } from './texts.ts';

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
/** An answer not given yet travels as null (decision 2440: nothing is answered for the person); the check refuses it. */
const answer = z
  .union([flag, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === 0 || v === 1 ? v : null));
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
  yes_no_flag: answer,
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
  yes_no_flag: answer,
  medications: z.array(ZMedication).max(LIMITS.maxMedications).optional(),
});
export type TMedicationQuestion = z.infer<typeof ZMedicationQuestion>;

/**
 * What a Yes must say (decision 2440): the condition, when it began and whether it is treated or medicated (the
 * general layout); the condition, its status and when a physician last saw it (questions 146 and 147); the first
 * medication's name and dosage. The other details stay optional, as in the specification.
 */
export const REQUIRED_GENERAL_DETAILS = ['health_condition', 'date_of_onset', 'is_treatment', 'is_medicate'] as const;
export const REQUIRED_SPECIAL_DETAILS = ['condition', 'status', 'last_seen_by_physician'] as const;
export const REQUIRED_MEDICATION_DETAILS = ['medication', 'dosage'] as const;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** The issues of an answer set: every question sent needs an answer, and a Yes its details ('Field is required'). */
export function healthAnswerIssues(info: {
  condition_questions?: { question_id: number; yes_no_flag?: 0 | 1 | null; conditions?: Record<string, unknown>[] }[];
  medication_question?: { yes_no_flag?: 0 | 1 | null; medications?: Record<string, unknown>[] } | null;
}): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  (info.condition_questions ?? []).forEach((q, i) => {
    if (q.yes_no_flag !== 0 && q.yes_no_flag !== 1)
      issues.push({ path: ['condition_questions', i, 'yes_no_flag'], message: TEXT.FIELD_REQUIRED });
    if (q.yes_no_flag !== 1) return;
    const layout = questionLayout(q.question_id);
    if (layout === 'yes_no') return;
    const keys = layout === 'special' ? REQUIRED_SPECIAL_DETAILS : REQUIRED_GENERAL_DETAILS;
    const detail = q.conditions?.[0] ?? {};
    for (const k of keys)
      if (blank(detail[k])) issues.push({ path: ['condition_questions', i, 'conditions', 0, k], message: TEXT.FIELD_REQUIRED });
  });
  const m = info.medication_question;
  if (m) {
    if (m.yes_no_flag !== 0 && m.yes_no_flag !== 1)
      issues.push({ path: ['medication_question', 'yes_no_flag'], message: TEXT.FIELD_REQUIRED });
    if (m.yes_no_flag === 1) {
      const first = m.medications?.[0] ?? {};
      for (const k of REQUIRED_MEDICATION_DETAILS)
        if (blank(first[k])) issues.push({ path: ['medication_question', 'medications', 0, k], message: TEXT.FIELD_REQUIRED });
    }
  }
  return issues;
}

export const ZHealthInfo = z
  .object({
    condition_questions: z.array(ZConditionQuestion).max(50).default([]),
    medication_question: ZMedicationQuestion.optional(),
    notes: z.string().trim().max(2000).optional(),
  })
  .superRefine((info, ctx) => {
    for (const issue of healthAnswerIssues(info)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type THealthInfo = z.infer<typeof ZHealthInfo>;

export const ZSavePrimaryHealthRequest = ZHealthInfo.safeExtend({ enrollment_id: z.string().trim().min(1).max(64) });

/** The facts of the application that decide which questions are asked (the quote's gender and tobacco answer). */
export interface AskedFacts {
  /** '0' Male, '1' Female, '2' Others, '' unknown */
  gender: string;
  /** the plan page's tobacco answer: '1' yes, '0' no, null not asked */
  isSmoker: string | null;
}
export const TOBACCO_QUESTION_ID = 145;
export const PREGNANCY_QUESTION_ID = 146;

/**
 * The questions this person is asked (decision 2440): the pregnancy question is not asked of a man; the tobacco
 * question, already answered on the plan page, comes prefilled with that answer and is shown as such (the price was
 * rated on it: it is changed on the plan page, not here).
 */
export type TAskedQuestion = { question_id: number; question_text: string; answered_on_plan_page?: 0 | 1 };
export function askedHealthQuestions(facts: AskedFacts): TAskedQuestion[] {
  const tobacco: 0 | 1 | null = facts.isSmoker === '1' ? 1 : facts.isSmoker === '0' ? 0 : null;
  return PRIMARY_HEALTH_QUESTIONS.filter((q) => !(q.question_id === PREGNANCY_QUESTION_ID && facts.gender === '0')).map((q) =>
    q.question_id === TOBACCO_QUESTION_ID && tobacco !== null ? { ...q, answered_on_plan_page: tobacco } : q,
  );
}

const filled = (o: Record<string, unknown>) => Object.values(o).some((v) => v !== undefined && v !== null && String(v).trim() !== '');

/**
 * What is kept of an answer (section 4.6): No sends yes_no_flag 0 with no details; question 145 never has
 * details; medication rows after the first only when any field (or id) is filled.
 */
/** Answers as kept: every flag given (0 or 1). */
export type TKeptHealthInfo = Omit<THealthInfo, 'condition_questions' | 'medication_question'> & {
  condition_questions: (Omit<TConditionQuestion, 'yes_no_flag'> & { yes_no_flag: 0 | 1 })[];
  medication_question?: Omit<TMedicationQuestion, 'yes_no_flag'> & { yes_no_flag: 0 | 1 };
};
export function normalizeHealthInfo(info: THealthInfo): TKeptHealthInfo {
  const condition_questions = info.condition_questions.map((q) => {
    if (q.yes_no_flag !== 1 || questionLayout(q.question_id) === 'yes_no')
      return { question_id: q.question_id, question_text: q.question_text, yes_no_flag: q.yes_no_flag === 1 ? (1 as const) : (0 as const) };
    const keys = questionLayout(q.question_id) === 'special' ? SPECIAL_DETAIL_FIELDS : GENERAL_DETAIL_FIELDS;
    const conditions = (q.conditions ?? []).map((c) =>
      Object.fromEntries(keys.map((k) => [k, (c as Record<string, unknown>)[k]]).filter(([, v]) => v !== undefined && v !== '')),
    );
    return { ...q, yes_no_flag: 1 as const, conditions };
  });
  const m = info.medication_question;
  const medication_question: TKeptHealthInfo['medication_question'] = !m
    ? undefined
    : m.yes_no_flag !== 1
      ? { question_id: m.question_id, question_text: m.question_text, yes_no_flag: 0 }
      : {
          ...m,
          yes_no_flag: 1,
          medications: (m.medications ?? []).filter((x, i) => i === 0 || filled(x)).slice(0, LIMITS.maxMedications),
        };
  return { condition_questions, medication_question, notes: info.notes };
}

/**
 * The questions as served: the general list and the medication question, none answered (decision 2440: the
 * specification's default No is not chosen for the person), the tobacco question prefilled from the plan page.
 */
export const healthQuestionsResult = (questions: TAskedQuestion[] = PRIMARY_HEALTH_QUESTIONS) => ({
  codition_questions: questions.map((q) => ({
    ...q,
    yes_no_flag: (q.answered_on_plan_page ?? null) as 0 | 1 | null,
    conditions: [] as TConditionDetail[],
  })),
  medication_question: {
    question_id: MEDICATION_QUESTION_ID,
    question_text: MEDICATION_QUESTION_TEXT,
    yes_no_flag: null as 0 | 1 | null,
    medications: [] as z.infer<typeof ZMedication>[],
  },
});

/**
 * Whether the carrier reviews the application before it confirms coverage (decision 2440): a Yes to any health
 * question but tobacco (a rating answer, already in the price) or to the medication question.
 */
export function needsCarrierReview(answers: (Pick<TKeptHealthInfo, 'condition_questions' | 'medication_question'> | null | undefined)[]) {
  return answers.some(
    (a) =>
      !!a &&
      (a.condition_questions.some((q) => q.yes_no_flag === 1 && q.question_id !== TOBACCO_QUESTION_ID) ||
        a.medication_question?.yes_no_flag === 1),
  );
}

export { CARRIER_REVIEW_TEXT } from './health-texts.ts';
