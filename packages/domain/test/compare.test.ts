import { describe, expect, it } from 'vitest';
import {
  ASSUMED_USE,
  outOfPocketCents,
  sortPlans,
  yearlyEstimates,
  ZSaveCompareRequest,
  COMPARE_MAX_MESSAGE,
  type TPlanBenefits,
} from '../src/compare.ts';

const essentials: TPlanBenefits = {
  annual_max_cents: 100000,
  deductible_cents: 5000,
  network: 'PPO',
  out_of_network: true,
  covers: [
    { service: 'preventive', percent: 100, deductible_applies: false, waiting_months: 0 },
    { service: 'basic', percent: 80, deductible_applies: true, waiting_months: 0 },
    { service: 'major', percent: 50, deductible_applies: true, waiting_months: 12 },
  ],
};
const vision: TPlanBenefits = {
  annual_max_cents: null,
  deductible_cents: null,
  network: 'Vision',
  out_of_network: true,
  covers: [
    { service: 'eye_exam', copay_cents: 1000, deductible_applies: false, waiting_months: 0 },
    { service: 'lenses', copay_cents: 2500, deductible_applies: false, waiting_months: 0 },
    { service: 'frames', allowance_cents: 15000, deductible_applies: false, waiting_months: 0 },
  ],
};

describe('out of pocket of one use level', () => {
  it.each([
    // [benefits, uses, expected cents, why]
    ['preventive at 100%', essentials, [{ service: 'preventive', cost_cents: 30000 }], 0],
    ['basic: $50 deductible, then 20% of $250', essentials, [{ service: 'basic', cost_cents: 30000 }], 5000 + 5000],
    ['major in a 12-month wait is all yours', essentials, [{ service: 'major', cost_cents: 120000 }], 120000],
    ['a service the plan does not cover is all yours', essentials, [{ service: 'orthodontia', cost_cents: 50000 }], 50000],
    ['exam copay', vision, [{ service: 'eye_exam', cost_cents: 12000 }], 1000],
    ['frames above the allowance', vision, [{ service: 'frames', cost_cents: 18000 }], 3000],
    ['a copay above the cost: you pay the cost', vision, [{ service: 'lenses', cost_cents: 2000 }], 2000],
  ] as const)('%s', (_why, b, uses, expected) => {
    expect(outOfPocketCents(b, uses)).toBe(expected);
  });

  it('the deductible is paid once a year', () => {
    expect(
      outOfPocketCents(essentials, [
        { service: 'basic', cost_cents: 30000 },
        { service: 'basic', cost_cents: 30000 },
      ]),
    ).toBe(5000 + 5000 + 6000);
  });

  it('costs above the annual maximum are paid by the member', () => {
    const low: TPlanBenefits = { ...essentials, annual_max_cents: 10000 };
    // plan would pay 80% of 250 = 200 but only 100 is left: member pays 50 + 250 - 100
    expect(outOfPocketCents(low, [{ service: 'basic', cost_cents: 30000 }])).toBe(20000);
  });

  it('a waiting period under 12 months is assumed to have passed', () => {
    const six: TPlanBenefits = {
      ...essentials,
      covers: essentials.covers.map((c) => (c.service === 'major' ? { ...c, waiting_months: 6 } : c)),
    };
    expect(outOfPocketCents(six, [{ service: 'major', cost_cents: 120000 }])).toBe(5000 + 57500);
  });
});

describe('yearly estimates', () => {
  it('adds 12 months of the price to the out of pocket of low, medium and high use', () => {
    expect(yearlyEstimates('dental', essentials, 2399)).toEqual([
      { level: 'low', out_of_pocket_cents: 0, total_cents: 28788 },
      { level: 'medium', out_of_pocket_cents: 10000, total_cents: 38788 },
      { level: 'high', out_of_pocket_cents: 130000, total_cents: 158788 },
    ]);
    expect(yearlyEstimates('vision', vision, 999).map((e) => e.out_of_pocket_cents)).toEqual([
      1000,
      1000 + 2500 + 3000,
      1000 + 2500 + 15000,
    ]);
  });

  it('has no estimate without a price, without benefits or for other categories', () => {
    expect(yearlyEstimates('dental', essentials, null)).toEqual([]);
    expect(yearlyEstimates('dental', null, 2399)).toEqual([]);
    expect(yearlyEstimates('term_life', essentials, 2399)).toEqual([]);
  });

  it('assumes more care at each level', () => {
    for (const kind of ['dental', 'vision'] as const) {
      const sum = (l: 'low' | 'medium' | 'high') => ASSUMED_USE[kind][l].reduce((a, u) => a + u.cost_cents, 0);
      expect(sum('low')).toBeLessThan(sum('medium'));
      expect(sum('medium')).toBeLessThan(sum('high'));
    }
  });
});

describe('saved comparison', () => {
  it('holds up to four different plans', () => {
    expect(ZSaveCompareRequest.safeParse({ enrollment_id: 'a', plan_ids: [1, 2, 3, 4] }).success).toBe(true);
    const five = ZSaveCompareRequest.safeParse({ enrollment_id: 'a', plan_ids: [1, 2, 3, 4, 5] });
    expect(five.success ? null : five.error.issues[0].message).toBe(COMPARE_MAX_MESSAGE);
    expect(ZSaveCompareRequest.safeParse({ enrollment_id: 'a', plan_ids: [1, 1] }).success).toBe(false);
  });
});

describe('plan list order', () => {
  const b = (max: number | null, ded: number | null): TPlanBenefits => ({ ...essentials, annual_max_cents: max, deductible_cents: ded });
  const plans = [
    { plan_name: 'Delta', monthly_cents: 3000, benefits: b(250000, 5000) },
    { plan_name: 'Alpha', monthly_cents: null, benefits: b(100000, 0) },
    { plan_name: 'Charlie', monthly_cents: 2000, benefits: null },
    { plan_name: 'Bravo', monthly_cents: 2000, benefits: b(null, null) },
  ];
  it.each([
    ['price', ['Bravo', 'Charlie', 'Delta', 'Alpha']],
    ['annual_max', ['Bravo', 'Delta', 'Alpha', 'Charlie']],
    ['deductible', ['Alpha', 'Bravo', 'Delta', 'Charlie']],
    ['name', ['Alpha', 'Bravo', 'Charlie', 'Delta']],
  ] as const)('%s: unknown values last, ties by name', (sort, names) => {
    expect(sortPlans(plans, sort).map((p) => p.plan_name)).toEqual(names);
  });
});
