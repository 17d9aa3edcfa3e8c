import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chargeSummary } from '../src/charges.ts';
import { addDaysIso, todayIso } from '../src/dates.ts';
import {
  addMonths,
  billDateOf,
  coverageEndsOn,
  graceEndsOn,
  isBillDate,
  nextPaymentAfter,
  paymentsDueThrough,
  retryDates,
  scheduledPayment,
  type PaymentSchedule,
} from '../src/billing-schedule.ts';

const schedule = (today: string, billDay: number, effective?: string): PaymentSchedule =>
  chargeSummary([{ plan_id: 1, plan_name: 'Dental', price_cents: 2699 }], { billDay, today, effectiveDate: effective });

// Any day from 2024 to 2031 (two leap years), and any bill day the billing step offers (1 to 31).
const day = fc.integer({ min: 0, max: 365 * 8 }).map((n) => addDaysIso('2024-01-01', n));
const billDay = fc.integer({ min: 1, max: 31 });

describe('bill dates', () => {
  it.each([
    ['2027-02', 31, '2027-02-28'],
    ['2028-02', 31, '2028-02-29'],
    ['2028-02', 29, '2028-02-29'],
    ['2027-02', 29, '2027-02-28'],
    ['2027-04', 31, '2027-04-30'],
    ['2027-04', 28, '2027-04-28'],
    ['2027-12', 1, '2027-12-01'],
  ])('the bill date of %s for bill day %i is %s', (month, d, expected) => {
    expect(billDateOf(month, d)).toBe(expected);
    expect(isBillDate(expected, d)).toBe(true);
  });

  it('a bill day of 31 is not due on the 30th of a 31-day month, and is on the 30th of a 30-day month', () => {
    expect(isBillDate('2027-03-30', 31)).toBe(false);
    expect(isBillDate('2027-04-30', 31)).toBe(true);
  });

  it('adds months on the anchor day, capped at the month length, across years', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2027-01-31', 2)).toBe('2027-03-31');
    expect(addMonths('2027-11-15', 3)).toBe('2028-02-15');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
  });
});

describe('a schedule', () => {
  it('an enrollment on 11/28 with coverage from 12/01 and bill day 28: today, then the 28th of each month', () => {
    const s = schedule('2026-11-28', 28, '2026-12-01');
    expect(scheduledPayment(s, 0)).toEqual({
      index: 0,
      period: '2026-12',
      due_on: '2026-11-28',
      covers_from: '2026-12-01',
      covers_through: '2026-12-31',
    });
    expect(paymentsDueThrough(s, '2027-02-28').map((p) => [p.period, p.due_on])).toEqual([
      ['2027-01', '2026-12-28'],
      ['2027-02', '2027-01-28'],
      ['2027-03', '2027-02-28'],
    ]);
    expect(nextPaymentAfter(s, '2026-12-28').due_on).toBe('2027-01-28');
  });

  it('bill day 31 from a start on the 31st: the month ends in February, leap year or not', () => {
    const s = schedule('2027-12-31', 31, '2027-12-31');
    const due = paymentsDueThrough(s, '2028-04-30');
    expect(due.map((p) => p.due_on)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']);
    expect(due.map((p) => p.covers_from)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']);
  });

  it('retries a declined card on days 3, 5 and 7, and ends unpaid coverage at the end of the last paid period', () => {
    expect(retryDates('2027-02-28')).toEqual(['2027-03-03', '2027-03-05', '2027-03-07']);
    expect(graceEndsOn('2027-01-28')).toBe('2027-02-28');
    const s = schedule('2026-11-28', 28, '2026-12-01');
    expect(coverageEndsOn(s, 2)).toBe('2027-01-31');
  });

  it('property: one payment per period, due dates one a month in consecutive months, periods back to back', () => {
    fc.assert(
      fc.property(day, billDay, fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 40 }), (today, bd, startIn, n) => {
        const s = schedule(today, bd, addDaysIso(today, startIn));
        const list = [0, ...Array.from({ length: n }, (_, i) => i + 1)].map((i) => scheduledPayment(s, i));
        expect(new Set(list.map((p) => p.period)).size).toBe(list.length);
        for (let i = 1; i < list.length; i++) {
          expect(list[i].covers_from).toBe(addDaysIso(list[i - 1].covers_through, 1));
          expect(list[i].due_on > list[i - 1].due_on).toBe(true);
          expect(isBillDate(list[i].due_on, bd)).toBe(true);
          if (i > 1) expect(list[i].due_on.slice(0, 7)).toBe(addMonths(list[i - 1].due_on, 1).slice(0, 7));
          // A payment is due at most a month and a few days (a short February) after its coverage begins, never more.
          expect(list[i].due_on <= addDaysIso(addMonths(list[i].covers_from, 1), 3)).toBe(true);
        }
      }),
    );
  });

  it('property: a run on a later day finds the payments of the earlier days first (a catch-up charges each missed period once)', () => {
    fc.assert(
      fc.property(day, billDay, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (today, bd, a, b) => {
        const s = schedule(today, bd);
        const early = paymentsDueThrough(s, addDaysIso(today, Math.min(a, b)));
        const late = paymentsDueThrough(s, addDaysIso(today, Math.max(a, b)));
        expect(late.slice(0, early.length)).toEqual(early);
        // Every day between is a bill date for exactly the payments due on it: nothing is skipped.
        const days = new Set(late.map((p) => p.due_on));
        expect(days.size).toBe(late.length);
      }),
    );
  });
});

describe('today in US Eastern time across the daylight saving changes', () => {
  it.each([
    ['2026-03-08T04:59:00Z', '2026-03-07'],
    ['2026-03-08T05:00:00Z', '2026-03-08'],
    ['2026-03-09T03:59:00Z', '2026-03-08'],
    ['2026-03-09T04:00:00Z', '2026-03-09'],
    ['2026-11-01T03:59:00Z', '2026-10-31'],
    ['2026-11-01T04:00:00Z', '2026-11-01'],
    ['2026-11-02T04:59:00Z', '2026-11-01'],
    ['2026-11-02T05:00:00Z', '2026-11-02'],
  ])('at %s it is %s', (instant, expected) => {
    expect(todayIso(new Date(instant))).toBe(expected);
  });
});
