import { MEDICATION_QUESTION_ID, PRIMARY_HEALTH_QUESTIONS } from '@store/domain/health';

/**
 * A save-primary-health-info body answering every question (decision 2440: none may be left unanswered): Yes with
 * the given details for the questions named in `yes`, No for the others; the medication question Yes when rows are
 * given.
 */
export function healthAnswers(yes: Record<number, object> = {}, extra: { medications?: object[]; notes?: string } = {}) {
  return {
    condition_questions: PRIMARY_HEALTH_QUESTIONS.map(({ question_id }) =>
      yes[question_id] ? { question_id, yes_no_flag: 1, conditions: [yes[question_id]] } : { question_id, yes_no_flag: 0, conditions: [] },
    ),
    medication_question: extra.medications
      ? { question_id: MEDICATION_QUESTION_ID, yes_no_flag: 1, medications: extra.medications }
      : { question_id: MEDICATION_QUESTION_ID, yes_no_flag: 0, medications: [] },
    notes: extra.notes ?? '',
  };
}

/** The details of a Yes to question 141 that the check asks for. */
export const HYPERTENSION = { health_condition: 'Hypertension', date_of_onset: '01/02/2019', is_treatment: 1, is_medicate: 0 };
