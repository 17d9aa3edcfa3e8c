import { describe, expect, it } from 'vitest';
import {
  duplicatedFirstMonthCents,
  mergeMembershipRefundKey,
  mergeRefundKey,
  mergeRefundMailText,
  mergeRefundPartCents,
} from '../src/open-enrollment-refund.ts';

const lines = [
  { kind: 'plan' as const, plan_id: 7, monthly_cents: 3199 },
  { kind: 'plan' as const, plan_id: 9, monthly_cents: 1250 },
  { kind: 'membership' as const, plan_id: null, monthly_cents: 500 },
];

describe("the first month an open enrollment's merged choice paid twice", () => {
  it.each([
    ['the merged plan’s line only', 7, 4949, 3199],
    ['the other plan’s line', 9, 4949, 1250],
    ['capped at what is left to refund', 7, 2000, 2000],
    ['nothing left to refund', 7, 0, 0],
    ['a plan the record does not hold', 8, 4949, 0],
    ['never below zero', 7, -5, 0],
  ])('%s', (_, planId, refundable, cents) => {
    expect(duplicatedFirstMonthCents(lines, planId, refundable)).toBe(cents);
  });
  it('is refunded once per payment and merged policy', () => {
    expect(mergeRefundKey(12, 34)).toBe('refund:12:oe-merged-34');
  });
  it('is told in English and Spanish', () => {
    const v = { name: 'Kim Keeper', plan: 'Dental Essentials', cents: 3199, period: '2027-01' };
    expect(mergeRefundMailText('en', v)).toEqual({
      subject: 'We refunded $31.99 to your card',
      lines: [
        'Dear Kim Keeper,',
        'You chose Dental Essentials again for the plan year, and you already have it. Your coverage goes on as it is and is billed once, so we refunded the $31.99 your first payment included for January 2027.',
        'Your card should show the refund within 5 to 10 business days. Your member home lists it under Payments.',
      ],
    });
    expect(mergeRefundMailText('es', v).lines[1]).toContain('le reembolsamos los $31.99 que su primer pago incluía por enero de 2027.');
  });
  describe('by part (decision 2871)', () => {
    const part = (p: 'plan' | 'membership', planId: number, mergedPlanIds: number[], refundedCents = 0, refundableCents = 4949) =>
      mergeRefundPartCents({ lines, part: p, planId, mergedPlanIds, refundedCents, refundableCents });
    it.each([
      ['a merged plan', part('plan', 7, [7]), 3199],
      ['the fee when a plan of the choice goes on', part('membership', 7, [7]), 0],
      ['the fee when every plan is merged', part('membership', 9, [7, 9], 3199 + 1250), 500],
      ['the second plan after the first was refunded', part('plan', 9, [7, 9], 3199), 1250],
      ['a plan an operator refunded by hand already', part('plan', 7, [7], 3199), 0],
      ['a plan an operator refunded in part by hand', part('plan', 7, [7], 1000), 2199],
      ['the fee when the operator refunded the whole payment', part('membership', 9, [7, 9], 4949), 0],
      ['capped at what is left of the payment', part('plan', 7, [7], 0, 100), 100],
    ])('%s', (_, got, cents) => expect(got).toBe(cents));
    it('refunds the fee once per payment', () => expect(mergeMembershipRefundKey(12)).toBe('refund:12:oe-merged-membership'));
    it('tells the fee in English and Spanish', () => {
      const v = { name: 'Kim', plan: '', cents: 500, period: '2027-01', part: 'membership' as const };
      expect(mergeRefundMailText('en', v).lines[1]).toContain('so we refunded the $5.00 fee your first payment included for January 2027.');
      expect(mergeRefundMailText('es', v).lines[1]).toContain(
        'le reembolsamos la cuota de $5.00 que su primer pago incluía por enero de 2027.',
      );
    });
  });
});
