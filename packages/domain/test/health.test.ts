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
