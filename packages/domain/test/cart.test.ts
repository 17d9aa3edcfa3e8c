import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centsToDollars,
  defaultEffectiveDate,
  effectiveDatesIso,
  effectiveDatesUs,
  offeredEffectiveDatesIso,
  ZCartCheckoutRequest,
} from '../src/cart.ts';

describe('cart money (totals: charges.test.ts)', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [500, '5.00'],
    [2190, '21.90'],
    [123456, '1234.56'],
    [-250, '-2.50'],
  ])('%i cents is %s dollars', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });
});

describe('effective dates', () => {
  it.each([
    ['2026-11-21', ['2026-12-01', '2026-12-15', '2027-01-01', '2027-01-15']],
    ['2026-11-01', ['2026-11-15', '2026-12-01', '2026-12-15', '2027-01-01']],
    ['2026-11-14', ['2026-11-15', '2026-12-01', '2026-12-15', '2027-01-01']],
    ['2026-11-15', ['2026-12-01', '2026-12-15', '2027-01-01', '2027-01-15']],
    ['2026-12-31', ['2027-01-01', '2027-01-15', '2027-02-01', '2027-02-15']],
  ])('after %s: the next 1st and 15th dates', (today, expected) => {
    expect(effectiveDatesIso(today)).toEqual(expected);
  });

  it('are shown as mm/dd/yyyy', () => {
    expect(effectiveDatesUs('2026-11-21')).toEqual(['12/01/2026', '12/15/2026', '01/01/2027', '01/15/2027']);
  });

  it('are never today or in the past, always a 1st or a 15th, in order', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (d) => {
        const today = d.toISOString().slice(0, 10);
        const dates = effectiveDatesIso(today);
        expect(dates).toHaveLength(4);
        for (const x of dates) {
          expect(x > today).toBe(true);
          expect(['01', '15']).toContain(x.slice(8));
        }
        expect([...dates].sort()).toEqual(dates);
      }),
    );
  });

  it('require an effective date at checkout', () => {
    expect(ZCartCheckoutRequest.safeParse({ enrollment_id: 'x', effective_date: '' }).error?.issues[0].message).toBe('Field is required');
  });

  it('default to the stored date when still offered, else the first offered', () => {
    const offered = effectiveDatesUs('2026-11-21');
    expect(defaultEffectiveDate(offered, '2027-01-01')).toBe('01/01/2027');
    expect(defaultEffectiveDate(offered, '01/15/2027')).toBe('01/15/2027');
    expect(defaultEffectiveDate(offered, '2026-11-01')).toBe('12/01/2026');
    expect(defaultEffectiveDate(offered, null)).toBe('12/01/2026');
    expect(defaultEffectiveDate([], null)).toBeNull();
  });
});

describe('the effective dates offered within a group open enrollment (decision 2800)', () => {
  const usual = effectiveDatesIso('2026-11-21');
  it.each([
    ['no group', null, usual],
    ['active, open', { open_enrollment: 'active', opens_on: '2026-11-01', closes_on: '2026-11-30' }, ['2027-01-01']],
    ['active, its first day', { open_enrollment: 'active', opens_on: '2026-11-21', closes_on: '2026-11-30' }, ['2027-01-01']],
    ['active, its last day', { open_enrollment: 'active', opens_on: '2026-11-01', closes_on: '2026-11-21' }, ['2027-01-01']],
    ['active, not open yet', { open_enrollment: 'active', opens_on: '2026-11-22', closes_on: '2026-12-10' }, usual],
    ['active, closed', { open_enrollment: 'active', opens_on: '2026-11-01', closes_on: '2026-11-20' }, usual],
    ['active, no dates', { open_enrollment: 'active', opens_on: null, closes_on: null }, usual],
    ['passive, open', { open_enrollment: 'passive', opens_on: '2026-11-01', closes_on: '2026-11-30' }, usual],
  ] as const)('%s', (_, group, expected) => {
    expect(offeredEffectiveDatesIso('2026-11-21', group)).toEqual(expected);
  });
});
