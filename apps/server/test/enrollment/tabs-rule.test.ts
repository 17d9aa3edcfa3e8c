import { describe, expect, it } from 'vitest';
import { tabsFor } from '../../src/modules/enrollment/service.ts';

const required = (facts: Parameters<typeof tabsFor>[0]) =>
  tabsFor(facts)
    .filter((t) => t.required)
    .map((t) => t.tab_name);
const base = { categories: ['dental'], tier: 'IO', eprocess: 'applicant', type: 'new-member' };

describe('which wizard steps an enrollment needs', () => {
  it.each([
    [base, ['primary_info', 'contact_info', 'review_info', 'agreement_info', 'billing_info']],
    [
      { ...base, categories: ['term_life'] },
      ['primary_info', 'contact_info', 'beneficiary_info', 'primary_health_info', 'review_info', 'agreement_info', 'billing_info'],
    ],
    [
      { ...base, categories: ['guaranteed'] },
      ['primary_info', 'contact_info', 'beneficiary_info', 'review_info', 'agreement_info', 'billing_info'],
    ],
    [{ ...base, categories: ['di'] }, ['primary_info', 'contact_info', 'employer_info', 'review_info', 'agreement_info', 'billing_info']],
    [{ ...base, eprocess: 'group' }, ['primary_info', 'contact_info', 'employer_info', 'review_info', 'agreement_info', 'billing_info']],
    [
      { ...base, type: 'new-group-member' },
      ['primary_info', 'contact_info', 'employer_info', 'review_info', 'agreement_info', 'billing_info'],
    ],
    [
      { ...base, categories: ['hospital'], tier: 'IS' },
      ['primary_info', 'contact_info', 'primary_health_info', 'dependent_info', 'review_info', 'agreement_info', 'billing_info'],
    ],
    [
      { ...base, categories: ['critical', 'medical'], tier: 'IF' },
      ['primary_info', 'contact_info', 'primary_health_info', 'dependent_info', 'review_info', 'agreement_info', 'billing_info'],
    ],
  ])('%j', (facts, tabs) => {
    expect(required(facts)).toEqual(tabs);
  });
  it('orders every tab 0 to 10, each once', () => {
    const orders = tabsFor(base).map((t) => t.order);
    expect(new Set(orders).size).toBe(9);
    expect(Math.min(...orders)).toBe(0);
    expect(Math.max(...orders)).toBeLessThanOrEqual(10);
  });
});
