import { describe, expect, it } from 'vitest';
import {
  aflacAllRequiredYes,
  checkEligibility,
  childrenOptions,
  declineMessage,
  findRate,
  formatCents,
  pricePlan,
  unansweredQuestions,
  type TPricingFilter,
  type TRateRow,
} from '../src/pricing.ts';
import type { TPlanRules } from '../src/plan-rules.ts';
import { TEXT } from '../src/texts.ts';
import { dependentPopupProblems } from '../src/catalog.ts';

const base: TPricingFilter = {
  state: 'NY',
  zip: '10001',
  tier: 'IO',
  age: 35,
  isSmoker: null,
  annualIncome: null,
  workingHours: null,
  portalId: 501,
};

describe('eligibility rules: error code and exact message', () => {
  const cases: [string, TPlanRules, Partial<TPricingFilter>, string | null, string | null][] = [
    ['plain plan', {}, {}, null, null],
    ['retired plan', { replacedBy: 101 }, {}, 'changePid', null],
    ['no filter', {}, { tier: null }, 'enrollmentIdError', null],
    ['state outside', { states: ['TX'] }, {}, 'stateError', TEXT.STATE_ERROR],
    ['state inside', { states: ['TX'] }, { state: 'TX', zip: '75201' }, null, null],
    ['zip outside range', { zipRanges: [['10001', '10499']] }, { zip: '90210', state: 'CA' }, 'metError', TEXT.MET_ERROR],
    ['zip in range', { zipRanges: [['10001', '10499']] }, { zip: '10499' }, null, null],
    ['tier not sold', { tiers: ['IO', 'IS'] }, { tier: 'IF' }, 'tierError', TEXT.TIER_ERROR],
    ['tier sold', { tiers: ['IO', 'IS'] }, { tier: 'IS' }, null, null],
    ['too young', { minAge: 50, maxAge: 64 }, { age: 49 }, 'ageError', TEXT.AGE_ERROR],
    ['too old', { minAge: 50, maxAge: 64 }, { age: 65 }, 'ageError', TEXT.AGE_ERROR],
    ['age in band', { minAge: 50, maxAge: 64 }, { age: 64 }, null, null],
    ['over plan age', { planAgeMax: 80, planAgeMessage: 'Only up to 80.' }, { age: 81 }, 'planAgeError', 'Only up to 80.'],
    ['at plan age', { planAgeMax: 80, planAgeMessage: 'Only up to 80.' }, { age: 80 }, null, null],
    ['income missing', { minIncome: 20000, minHours: 30 }, {}, 'salaryError', TEXT.SALARY_ERROR],
    ['income low', { minIncome: 20000, minHours: 30 }, { annualIncome: 19999, workingHours: 40 }, 'salaryError', TEXT.SALARY_ERROR],
    ['hours low', { minIncome: 20000, minHours: 30 }, { annualIncome: 20000, workingHours: 29 }, 'hourError', TEXT.HOUR_ERROR],
    ['income and hours enough', { minIncome: 20000, minHours: 30 }, { annualIncome: 20000, workingHours: 30 }, null, null],
    ['tobacco not answered', { requiresSmoker: true }, {}, 'smokerError', TEXT.SMOKER_ERROR],
    ['tobacco answered no', { requiresSmoker: true }, { isSmoker: '0' }, null, null],
    ['portal not selling', { portals: [502], portalMessage: 'Elevate only.' }, { portalId: 501 }, 'portalError', 'Elevate only.'],
    ['no portal', { portals: [502], portalMessage: 'Elevate only.' }, { portalId: null }, 'portalError', 'Elevate only.'],
    ['portal selling', { portals: [502] }, { portalId: 502 }, null, null],
  ];
  it.each(cases)('%s', (_name, rules, patch, code, message) => {
    const e = checkEligibility(7, rules, { ...base, ...patch });
    expect(e?.errorCode ?? null).toBe(code);
    if (message) expect(e?.message).toBe(message);
  });

  it('changePid carries the new plan id', () => {
    expect(checkEligibility(104, { replacedBy: 101 }, base)).toMatchObject({ errorCode: 'changePid', pid: 101 });
  });
  it('newQuestionsError when answers are outdated', () => {
    expect(checkEligibility(7, {}, base, { questionsOutdated: true })?.errorCode).toBe('newQuestionsError');
  });
});

const rate = (id: number, tier: string, min: number, max: number, cents: number, extra: Partial<TRateRow> = {}): TRateRow => ({
  plan_pricing_id: id,
  plan_id: 7,
  tier,
  age_min: min,
  age_max: max,
  state: null,
  smoker: null,
  price_cents: cents,
  label: null,
  ...extra,
});

describe('price lookup by tier, age band, state and tobacco use', () => {
  const rates = [
    rate(1, 'IO', 18, 29, 2399),
    rate(2, 'IO', 30, 39, 2599),
    rate(3, 'IS', 18, 39, 4299),
    rate(4, 'IO', 30, 39, 2799, { state: 'TX' }),
    rate(5, 'IC', 18, 39, 3999, { smoker: false }),
    rate(6, 'IC', 18, 39, 8999, { smoker: true }),
  ];
  it.each([
    [{ tier: 'IO', age: 18, state: 'NY', smoker: null }, 1],
    [{ tier: 'IO', age: 29, state: 'NY', smoker: null }, 1],
    [{ tier: 'IO', age: 30, state: 'NY', smoker: null }, 2],
    [{ tier: 'IO', age: 35, state: 'TX', smoker: null }, 4],
    [{ tier: 'IS', age: 35, state: 'NY', smoker: null }, 3],
    [{ tier: 'IC', age: 35, state: 'NY', smoker: false }, 5],
    [{ tier: 'IC', age: 35, state: 'NY', smoker: true }, 6],
    [{ tier: 'IO', age: 40, state: 'NY', smoker: null }, null],
    [{ tier: 'IF', age: 30, state: 'NY', smoker: null }, null],
  ] as const)('%o -> rate %s', (q, id) => {
    expect(findRate(rates, q)?.plan_pricing_id ?? null).toBe(id);
  });

  it('prices the filter tier as a card in cents with its label', () => {
    const out = pricePlan(7, {}, [rate(9, 'IC', 18, 99, 4899, { label: 'Member + 1 Child' })], { ...base, tier: 'IC' });
    expect(out).toEqual({
      ok: true,
      cards: [{ plan_id: 7, plan_pricing_id: 9, tier: 'IC', tier_label: 'Member + 1 Child', price_cents: 4899, price: '$48.99' }],
    });
  });
  it('uses the smoker table when the plan needs the tobacco answer', () => {
    const rs = [rate(1, 'IO', 18, 99, 1499, { smoker: false }), rate(2, 'IO', 18, 99, 3599, { smoker: true })];
    const smoker = pricePlan(7, { requiresSmoker: true }, rs, { ...base, isSmoker: '1' });
    const non = pricePlan(7, { requiresSmoker: true }, rs, { ...base, isSmoker: '0' });
    expect(smoker.ok && smoker.cards[0].price_cents).toBe(3599);
    expect(non.ok && non.cards[0].price_cents).toBe(1499);
  });
  it('no rate for the tier is tierError, none for the age is ageError', () => {
    const rs = [rate(1, 'IO', 18, 64, 1000)];
    expect(pricePlan(7, {}, rs, { ...base, tier: 'IF' })).toMatchObject({ ok: false, errorCode: 'tierError', message: TEXT.TIER_ERROR });
    expect(pricePlan(7, {}, rs, { ...base, age: 70 })).toMatchObject({ ok: false, errorCode: 'ageError', message: TEXT.AGE_ERROR });
  });
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [2399, '$23.99'],
    [123456, '$1,234.56'],
    [-250, '-$2.50'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('questionnaire rules', () => {
  const qs = [
    { question_id: 1, decline_message: 'Declined for cancer.' },
    { question_id: 2, decline_message: null },
  ];
  it.each([
    [
      [
        { question_id: 1, yes_no_flag: 1 as const },
        { question_id: 2, yes_no_flag: 0 as const },
      ],
      'Declined for cancer.',
    ],
    [
      [
        { question_id: 1, yes_no_flag: 0 as const },
        { question_id: 2, yes_no_flag: 1 as const },
      ],
      null,
    ],
  ])('declines on a Yes to a declining question (%#)', (answers, message) => {
    expect(declineMessage(qs, answers)).toBe(message);
  });
  it('finds unanswered questions', () => {
    expect(
      unansweredQuestions(
        [1, 2, 3],
        [
          { question_id: 1, yes_no_flag: 0 },
          { question_id: 3, yes_no_flag: '' },
        ],
      ),
    ).toEqual([2, 3]);
  });
  it.each([
    [[true, true], true],
    [[true, false], false],
    [[true], false],
  ])('aflac answers %o -> all required yes %s', (answers, ok) => {
    const questions = [
      { qid: 1, true_condition: true },
      { qid: 2, true_condition: true },
      { qid: 3, true_condition: null },
    ];
    expect(
      aflacAllRequiredYes(
        questions,
        answers.map((a, i) => ({ qid: i + 1, true_condition: a })),
      ),
    ).toBe(ok);
  });
});

describe('dependent popup rules', () => {
  it.each([
    ['IO', []],
    ['IS', []],
    ['IC', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ['IF', [1, 2, 3, 4, 5, 6, 7, 8]],
  ])('children options of %s', (tier, options) => {
    expect(childrenOptions(tier)).toEqual(options);
  });
  it.each([
    ['IO', {}, []],
    ['IS', {}, ['dep_dob']],
    ['IC', {}, ['no_of_children']],
    ['IF', {}, ['dep_dob', 'no_of_children']],
    ['IF', { dep_dob: '05/05/1990', no_of_children: '9' }, ['no_of_children']],
    ['IC', { no_of_children: '9' }, []],
    ['IS', { dep_dob: '01/01/2999' }, ['dep_dob']],
  ] as const)('%s %o requires %o', (tier, values, fields) => {
    const errs = dependentPopupProblems(tier, values);
    expect(errs.map((e) => e.target_element)).toEqual(fields);
    if (tier === 'IC' && fields.length) expect(errs[0].error_message).toBe(TEXT.FIELD_REQUIRED);
  });
  it('a missing spouse date says Field is required', () => {
    expect(dependentPopupProblems('IS', {})[0].error_message).toBe(TEXT.FIELD_REQUIRED);
  });
});
