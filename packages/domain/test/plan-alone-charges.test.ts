import { describe, expect, it } from 'vitest';
import { chargeSummary, MEMBERSHIP_FEE_CENTS, planAloneCharges } from '../src/charges.ts';

describe('one price from the plan card to the cart (issue 37)', () => {
  it('says the $5 membership beside a plan bought alone, as the cart will charge it', () => {
    const c = planAloneCharges(6999);
    expect(c).toEqual({ plan_cents: 6999, membership_cents: MEMBERSHIP_FEE_CENTS, monthly_cents: 7499, yearly_cents: 7499 * 12 });
    const cart = chargeSummary([{ plan_id: 101, plan_name: 'Dental Essentials', price_cents: 6999 }], { billDay: 28, today: '2026-11-28' });
    expect(c.monthly_cents).toBe(cart.recurring_cents);
  });
  it('counts a membership plan in place of the $5 line', () => {
    expect(planAloneCharges(2000, 1500)).toMatchObject({ membership_cents: 1500, monthly_cents: 3500 });
  });
});
