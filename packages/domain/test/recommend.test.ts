import { describe, expect, it } from 'vitest';
import type { TPlanBenefits } from '../src/compare.ts';
import { recommendPlans, ZFindPlanAnswers, type TFindPlanAnswers, type TRecommendable } from '../src/recommend.ts';

const dental = (max: number, majorWait: number, ortho = false, oon = true): TPlanBenefits => ({
  annual_max_cents: max,
  deductible_cents: 5000,
  network: 'PPO',
  out_of_network: oon,
  covers: [
    { service: 'preventive', percent: 100, deductible_applies: false, waiting_months: 0 },
    { service: 'basic', percent: 80, deductible_applies: true, waiting_months: 0 },
    { service: 'major', percent: 50, deductible_applies: true, waiting_months: majorWait },
    ...(ortho ? [{ service: 'orthodontia' as const, percent: 50, deductible_applies: false, waiting_months: 0 }] : []),
  ],
});
const eyes: TPlanBenefits = {
  annual_max_cents: null,
  deductible_cents: null,
  network: 'Vision',
  out_of_network: true,
  covers: [
    { service: 'eye_exam', copay_cents: 1000, deductible_applies: false, waiting_months: 0 },
    { service: 'frames', allowance_cents: 15000, deductible_applies: false, waiting_months: 0 },
  ],
};
const PLANS: TRecommendable[] = [
  { plan_id: 1, plan_name: 'Cheap Wait', plan_category: 'dental', monthly_cents: 2000, benefits: dental(100000, 12) },
  { plan_id: 2, plan_name: 'Rich Now', plan_category: 'dental', monthly_cents: 4000, benefits: dental(300000, 0, true) },
  { plan_id: 3, plan_name: 'Middle', plan_category: 'dental', monthly_cents: 3000, benefits: dental(250000, 6, false, false) },
  { plan_id: 4, plan_name: 'No Price', plan_category: 'dental', monthly_cents: null, benefits: dental(900000, 0) },
  { plan_id: 5, plan_name: 'Eyes', plan_category: 'vision', monthly_cents: 900, benefits: eyes },
  { plan_id: 6, plan_name: 'Life', plan_category: 'term_life', monthly_cents: 1000, benefits: null },
];
const ask = (a: Partial<TFindPlanAnswers>) =>
  recommendPlans(ZFindPlanAnswers.parse({ covered: 'IO', care: 'low', keep_dentist: 'no', ...a }), PLANS);

describe('recommendation rules', () => {
  it('check-ups only: the lowest yearly cost first, with the estimate as a reason; never an unpriced plan', () => {
    const r = ask({ care: 'low' });
    expect(r.map((x) => x.plan_name)).toEqual(['Cheap Wait', 'Middle', 'Rich Now']);
    expect(r[0].reasons).toEqual([{ code: 'lowestCost' }, { code: 'estimate', params: { amount: 24000 } }]);
  });

  it('major work: a plan that pays from the first year wins over a cheaper plan with a 12-month wait', () => {
    const r = ask({ care: 'high' });
    expect(r[0].plan_name).toBe('Middle');
    expect(r.find((x) => x.plan_name === 'Cheap Wait')!.reasons).toContainEqual({ code: 'majorWait', params: { months: 12 } });
    expect(r.find((x) => x.plan_name === 'Rich Now')!.reasons).toContainEqual({ code: 'noMajorWait' });
  });

  it('a budget leaves out dearer plans and says so; with no plan inside it, the cheapest is shown as above it', () => {
    const r = ask({ budget: 30 });
    expect(r.map((x) => x.plan_name)).toEqual(['Cheap Wait', 'Middle']);
    expect(r[1].reasons).toContainEqual({ code: 'withinBudget', params: { budget: 3000 } });
    const none = ask({ budget: 5 });
    expect(none.map((x) => x.plan_name)).toEqual(['Cheap Wait', 'Middle', 'Rich Now']);
    expect(none[0].reasons).toContainEqual({ code: 'overBudget', params: { budget: 500 } });
  });

  it('keeping a dentist and covering children add the matching reasons', () => {
    const r = ask({ keep_dentist: 'yes', covered: 'IF' });
    expect(r.find((x) => x.plan_name === 'Middle')!.reasons).toContainEqual({ code: 'networkOnly' });
    expect(r.find((x) => x.plan_name === 'Rich Now')!.reasons).toEqual(
      expect.arrayContaining([{ code: 'keepDentist' }, { code: 'orthodontia' }]),
    );
  });

  it('glasses or contacts add the best vision plan', () => {
    const r = ask({ vision: true });
    // exam $10 copay, lenses not covered ($150), frames $180 less the $150 allowance
    expect(r.at(-1)).toMatchObject({
      plan_name: 'Eyes',
      kind: 'vision',
      reasons: [{ code: 'vision' }, { code: 'estimate', params: { amount: 900 * 12 + 1000 + 15000 + 3000 } }],
    });
  });

  it('refuses answers that are missing or a budget that is not whole dollars', () => {
    expect(ZFindPlanAnswers.safeParse({ covered: 'IO', care: 'low' }).success).toBe(false);
    expect(ZFindPlanAnswers.safeParse({ covered: 'IO', care: 'low', keep_dentist: 'no', budget: '12.5' }).success).toBe(false);
    expect(ZFindPlanAnswers.parse({ covered: 'IO', care: 'low', keep_dentist: 'no', budget: '' }).budget).toBeUndefined();
  });
});
