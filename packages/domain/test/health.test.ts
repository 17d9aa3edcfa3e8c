import { describe, expect, it } from 'vitest';
import { normalizeHealthInfo, questionLayout } from '../src/health.ts';

describe('health answers', () => {
  it('lays out 145 yes/no only, 146 and 147 special, others general', () => {
    expect(questionLayout(145)).toBe('yes_no');
    expect(questionLayout(146)).toBe('special');
    expect(questionLayout(147)).toBe('special');
    expect(questionLayout(141)).toBe('general');
  });
  it('sends No without details and keeps medication rows 2 and 3 only when filled', () => {
    const out = normalizeHealthInfo({
      condition_questions: [
        { question_id: 141, yes_no_flag: 0, conditions: [{ health_condition: 'x', is_treatment: undefined, is_medicate: undefined }] },
      ],
      medication_question: { question_id: 150, yes_no_flag: 1, medications: [{ medication: 'A' }, { medication: '' }, { dosage: '5mg' }] },
    });
    expect(out.condition_questions[0]).toEqual({ question_id: 141, question_text: undefined, yes_no_flag: 0 });
    expect(out.medication_question?.medications).toEqual([{ medication: 'A' }, { dosage: '5mg' }]);
  });
});

describe('health answers are never chosen for the person (decision 2440)', () => {
  it('asks every question unanswered, not the pregnancy question of a man, tobacco from the plan page', async () => {
    const { askedHealthQuestions, healthQuestionsResult } = await import('../src/health.ts');
    const woman = healthQuestionsResult(askedHealthQuestions({ gender: '1', isSmoker: null }));
    expect(woman.codition_questions.every((q) => q.yes_no_flag === null)).toBe(true);
    expect(woman.medication_question.yes_no_flag).toBeNull();
    const man = askedHealthQuestions({ gender: '0', isSmoker: '0' });
    expect(man.map((q) => q.question_id)).not.toContain(146);
    expect(man.find((q) => q.question_id === 145)).toMatchObject({ answered_on_plan_page: 0 });
  });
  it('refuses a question without an answer and a Yes without its details', async () => {
    const { ZHealthInfo } = await import('../src/health.ts');
    const r = ZHealthInfo.safeParse({
      condition_questions: [
        { question_id: 141, yes_no_flag: null },
        { question_id: 142, yes_no_flag: 1, conditions: [{ health_condition: 'Asthma' }] },
        { question_id: 146, yes_no_flag: 1, conditions: [{}] },
        { question_id: 145, yes_no_flag: 1 },
      ],
      medication_question: { question_id: 150, yes_no_flag: 1, medications: [{ medication: 'A' }] },
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual([
      'condition_questions.0.yes_no_flag',
      'condition_questions.1.conditions.0.date_of_onset',
      'condition_questions.1.conditions.0.is_treatment',
      'condition_questions.1.conditions.0.is_medicate',
      'condition_questions.2.conditions.0.condition',
      'condition_questions.2.conditions.0.status',
      'condition_questions.2.conditions.0.last_seen_by_physician',
      'medication_question.medications.0.dosage',
    ]);
  });
  it('sends the carrier review only for a Yes that is not tobacco', async () => {
    const { needsCarrierReview } = await import('../src/health.ts');
    expect(needsCarrierReview([{ condition_questions: [{ question_id: 145, yes_no_flag: 1 }] }])).toBe(false);
    expect(needsCarrierReview([null, { condition_questions: [{ question_id: 141, yes_no_flag: 1 }] }])).toBe(true);
    expect(needsCarrierReview([{ condition_questions: [], medication_question: { question_id: 150, yes_no_flag: 1 } }])).toBe(true);
  });
});
