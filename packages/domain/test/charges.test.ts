import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chargeSummary,
  chargeSummaryOfRecord,
  chargeSummaryToWire,
  includedAdminFeeCents,
  MEMBERSHIP_FEE_CENTS,
  MEMBERSHIP_LINE_LABEL,
  nextBillDate,
  onePrice,
  ordinalDay,
  recordRecurringCents,
  withBillDay,
} from '../src/charges.ts';

const dental = { plan_id: 101, plan_name: 'Dental Essentials', price_cents: 2699 };
const life = { plan_id: 901, plan_name: 'Term Life 100k', price_cents: 2678, admin_fee_included: true };
const membership = { plan_id: 1501, plan_name: 'Association Membership', price_cents: 500, membership: true };
const opts = { billDay: 28, today: '2026-11-24', effectiveDate: '2026-12-01' };

describe('plans pending evidence of insurability (held)', () => {
  it('shows a held line, leaves it out of what is charged, and keeps the membership with the plan that is billed', () => {
    const s = chargeSummary([dental, { ...life, held: true }], opts);
    expect(s.lines.map((l) => [l.label, l.held])).toEqual([
      ['Dental Essentials', false],
      ['Term Life 100k', true],
      [MEMBERSHIP_LINE_LABEL, false],
    ]);
    expect([s.initial_cents, s.recurring_cents, s.held_cents]).toEqual([2699 + MEMBERSHIP_FEE_CENTS, 2699 + MEMBERSHIP_FEE_CENTS, 2678]);
    expect(chargeSummaryToWire(s)).toMatchObject({ initial: '31.99', recurring: '31.99', held: '26.78' });
  });
  it('charges nothing today when every plan waits, the membership added by the store waiting with them', () => {
    const s = chargeSummary([{ ...life, held: true }], opts);
    expect(s.lines.every((l) => l.held)).toBe(true);
    expect([s.initial_cents, s.recurring_cents, s.held_cents]).toEqual([0, 0, 2678 + MEMBERSHIP_FEE_CENTS]);
  });
  it('a billing record keeps every line; the receipt says it again as it was said at enrollment', () => {
    const s = chargeSummary([dental, { ...life, held: true }, { ...membership, held: true }], opts);
    expect(s.initial_cents).toBe(2699);
    const stored = { ...s, recurring_cents: recordRecurringCents(s), lines: JSON.parse(JSON.stringify(s.lines)) };
    expect(stored.recurring_cents).toBe(2699 + 2678 + 500);
    expect(chargeSummaryOfRecord(stored)).toEqual(s);
    // A record written before lines had the flag reads as nothing held.
    const old = { ...stored, lines: stored.lines.map(({ held: _, ...l }: { held: boolean }) => l) };
    expect(chargeSummaryOfRecord(old).recurring_cents).toBe(2699 + 2678 + 500);
  });
  it('never charges more than every line, nor less than the lines that are not held (any mix)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 100000 }), fc.boolean()), { minLength: 1, maxLength: 6 }), (xs) => {
        const items = xs.map(([c, held], i) => ({ plan_id: i + 1, plan_name: `P${i}`, price_cents: c, held }));
        const s = chargeSummary(items, opts);
        const all = s.lines.reduce((a, l) => a + l.monthly_cents, 0);
        expect(s.recurring_cents + s.held_cents).toBe(all);
        expect(s.initial_cents).toBe(s.recurring_cents);
        expect(s.recurring_cents).toBe(s.lines.filter((l) => !l.held).reduce((a, l) => a + l.monthly_cents, 0));
      }),
    );
  });
});

describe('chargeSummary', () => {
  it.each([
    ['an empty cart has no line and no fee', [], [], 0, 0],
    [
      'one plan adds the membership line once',
      [dental],
      [
        ['Dental Essentials', 2699],
        [MEMBERSHIP_LINE_LABEL, MEMBERSHIP_FEE_CENTS],
      ],
      3199,
      0,
    ],
    [
      'two plans, still one membership',
      [dental, { ...dental, plan_id: 102, plan_name: 'Vision Clear', price_cents: 1200 }],
      [
        ['Dental Essentials', 2699],
        ['Vision Clear', 1200],
        [MEMBERSHIP_LINE_LABEL, 500],
      ],
      4399,
      0,
    ],
    [
      'a membership plan in the cart is the membership',
      [life, membership],
      [
        ['Term Life 100k', 2678],
        ['Association Membership', 500],
      ],
      3178,
      78,
    ],
  ] as const)('%s', (_name, items, lines, total, adminFee) => {
    const s = chargeSummary(items, opts);
    expect(s.lines.map((l) => [l.label, l.monthly_cents])).toEqual(lines);
    expect(s.recurring_cents).toBe(total);
    expect(s.initial_cents).toBe(total);
    expect(s.admin_fee_cents).toBe(adminFee);
  });

  it('adds one-time amounts to the first payment only', () => {
    const s = chargeSummary([{ ...dental, one_time_cents: 1000 }], opts);
    expect([s.initial_cents, s.recurring_cents]).toEqual([4199, 3199]);
  });

  it('takes the first payment today and the next on the first bill day after the effective date', () => {
    expect(chargeSummary([dental], opts)).toMatchObject({ first_charge_on: '2026-11-24', recurring_from: '2026-12-28', bill_day: 28 });
    expect(chargeSummary([dental], { ...opts, billDay: 1 })).toMatchObject({ recurring_from: '2027-01-01' });
    expect(chargeSummary([dental], { ...opts, billDay: 15, effectiveDate: '2026-12-15' })).toMatchObject({ recurring_from: '2027-01-15' });
    expect(chargeSummary([dental], { ...opts, effectiveDate: null })).toMatchObject({
      starts_on: '2026-11-24',
      recurring_from: '2026-11-28',
    });
  });

  it('moves the schedule to another bill day, the amounts unchanged', () => {
    const s = chargeSummaryToWire(chargeSummary([dental], opts));
    expect(withBillDay(s, 5)).toEqual({ ...s, bill_day: 5, recurring_from: '2026-12-05' });
  });

  it('puts dollars on the wire', () => {
    expect(chargeSummaryToWire(chargeSummary([life, membership], opts))).toMatchObject({
      initial: '31.78',
      recurring: '31.78',
      admin_fee: '0.78',
      lines: [
        { monthly: '26.78', admin_fee: '0.78' },
        { monthly: '5.00', admin_fee: '0.00' },
      ],
    });
  });

  it('never adds the included fee to the total, and the lines always sum to the total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ price_cents: fc.integer({ min: 0, max: 500_000 }), admin_fee_included: fc.boolean(), membership: fc.boolean() }),
          { maxLength: 8 },
        ),
        (rows) => {
          const items = rows.map((r, i) => ({ ...r, plan_id: i, plan_name: `P${i}` }));
          const s = chargeSummary(items, opts);
          expect(s.lines.reduce((a, l) => a + l.monthly_cents, 0)).toBe(s.recurring_cents);
          expect(s.lines.filter((l) => l.kind === 'membership').length).toBe(
            items.length === 0 ? 0 : Math.max(1, items.filter((i) => i.membership).length),
          );
          for (const l of s.lines) expect(l.admin_fee_cents).toBeLessThanOrEqual(l.monthly_cents);
        },
      ),
    );
  });
});

describe('bill dates', () => {
  it.each([
    ['2026-12-01', 28, '2026-12-28'],
    ['2026-12-28', 28, '2027-01-28'],
    ['2026-12-15', 1, '2027-01-01'],
    ['2027-01-31', 28, '2027-02-28'],
    ['2027-01-15', 31, '2027-01-31'],
    ['2027-01-31', 31, '2027-02-28'],
  ])('after %s on day %i: %s', (after, day, next) => expect(nextBillDate(after, day)).toBe(next));

  it('includes 3% in a price that has it', () => {
    expect(includedAdminFeeCents(2678)).toBe(78);
    expect(includedAdminFeeCents(103)).toBe(3);
    expect(includedAdminFeeCents(0)).toBe(0);
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [5, '5th'],
    [11, '11th'],
    [21, '21st'],
    [28, '28th'],
  ])('%i is %s', (n, s) => expect(ordinalDay(n)).toBe(s));
});

describe('one price (issue 37): a plan with the membership it needs, as the cart charges it', () => {
  const plan = { plan_id: 101, plan_name: 'Dental Essentials', price_cents: 6999 };
  it('says the $5.00 membership beside a plan sold alone', () => {
    expect(onePrice(plan)).toEqual({
      plan_cents: 6999,
      membership_cents: MEMBERSHIP_FEE_CENTS,
      monthly_cents: 6999 + MEMBERSHIP_FEE_CENTS,
    });
    expect(onePrice(plan).monthly_cents).toBe(chargeSummary([plan], { billDay: 1, today: '2026-11-28' }).recurring_cents);
  });
  it("counts a Prudential-type plan's membership plan at its own price, and nothing beside a membership plan", () => {
    const prudential = { ...plan, plan_id: 401, admin_fee_included: true };
    const membership = { plan_id: 1501, plan_name: 'Association Membership', price_cents: 700 };
    expect(onePrice(prudential, membership)).toEqual({ plan_cents: 6999, membership_cents: 700, monthly_cents: 7699 });
    expect(onePrice({ ...membership, membership: true }).membership_cents).toBe(0);
  });
});
