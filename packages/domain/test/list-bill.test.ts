import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDaysIso } from '../src/dates.ts';
import { invoicePeriodOn, invoiceStatus, listBillLines, owedForPeriod, type ListBillEnrollment } from '../src/list-bill.ts';

const daysIn = (period: string) => {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};
const period = fc
  .record({ y: fc.integer({ min: 2024, max: 2031 }), m: fc.integer({ min: 1, max: 12 }) })
  .map(({ y, m }) => `${y}-${String(m).padStart(2, '0')}`);
const cents = fc.integer({ min: 1, max: 500_000 });

describe('proration by the day (issue 39)', () => {
  it('a whole month owes the monthly amount; the days of a month cut in two sum to it exactly', () => {
    fc.assert(
      fc.property(period, cents, fc.integer({ min: 1, max: 31 }), (p, monthly, cutAt) => {
        const dim = daysIn(p);
        const cut = Math.min(cutAt, dim);
        expect(owedForPeriod(monthly, `${p}-01`, null, p)).toEqual({ days: dim, cents: monthly });
        const lastOfFirst = `${p}-${String(cut).padStart(2, '0')}`;
        const a = owedForPeriod(monthly, `${p}-01`, lastOfFirst, p);
        const b = owedForPeriod(monthly, addDaysIso(lastOfFirst, 1), null, p);
        expect(a.days + b.days).toBe(dim);
        expect(a.cents + b.cents).toBe(monthly);
        expect(a.cents).toBe(Math.round((monthly * cut) / dim));
      }),
    );
  });

  it('month ends: the last day alone, 29 February, 30- and 31-day months', () => {
    expect(owedForPeriod(3100, '2027-01-31', null, '2027-01')).toEqual({ days: 1, cents: 100 });
    expect(owedForPeriod(2900, '2028-02-29', null, '2028-02')).toEqual({ days: 1, cents: 100 });
    expect(owedForPeriod(2800, '2027-02-28', null, '2027-02')).toEqual({ days: 1, cents: 100 });
    expect(owedForPeriod(3000, '2027-04-30', null, '2027-04')).toEqual({ days: 1, cents: 100 });
    // Ended on the month's last day: the whole month; on the day before it began: nothing.
    expect(owedForPeriod(3199, '2026-01-01', '2027-02-28', '2027-02')).toEqual({ days: 28, cents: 3199 });
    expect(owedForPeriod(3199, '2027-03-01', null, '2027-02')).toEqual({ days: 0, cents: 0 });
    expect(owedForPeriod(3199, '2026-01-01', '2027-01-31', '2027-02')).toEqual({ days: 0, cents: 0 });
  });

  it('any coverage over any months sums, month by month, to the days it covers at each month’s rate, within a cent a month', () => {
    fc.assert(
      fc.property(period, cents, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (p, monthly, s, len) => {
        const startsOn = addDaysIso(`${p}-01`, s);
        const endsOn = addDaysIso(startsOn, len);
        let days = 0;
        let q = p;
        for (let i = 0; i < 30; i++) {
          const o = owedForPeriod(monthly, startsOn, endsOn, q);
          days += o.days;
          expect(Math.abs(o.cents - (monthly * o.days) / daysIn(q))).toBeLessThanOrEqual(1);
          const [y, m] = q.split('-').map(Number);
          q = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
        }
        expect(days).toBe(len + 1);
      }),
    );
  });
});

describe('the lines of an invoice', () => {
  const e = (id: string, starts_on: string, ends_on: string | null = null): ListBillEnrollment => ({
    enrollment_id: id,
    label: id,
    monthly_cents: 3100,
    starts_on,
    ends_on,
  });

  it('the first invoice bills its month only; later ones add an employee added and take back one ended, by the day', () => {
    const first = listBillLines('2027-01', '2027-01', [e('a', '2026-06-01'), e('b', '2027-01-01')], new Map());
    expect(first.map((l) => [l.enrollment_id, l.covers_period, l.kind, l.amount_cents])).toEqual([
      ['a', '2027-01', 'premium', 3100],
      ['b', '2027-01', 'premium', 3100],
    ]);
    const billed = new Map(first.map((l) => [`${l.enrollment_id}:${l.covers_period}`, l.amount_cents]));
    // c joined on January 16 (after the January invoice); b ended January 10.
    const second = listBillLines(
      '2027-02',
      '2027-01',
      [e('a', '2026-06-01'), e('b', '2027-01-01', '2027-01-10'), e('c', '2027-01-16')],
      billed,
    );
    expect(second.map((l) => [l.enrollment_id, l.covers_period, l.kind, l.days, l.amount_cents])).toEqual([
      ['a', '2027-02', 'premium', 28, 3100],
      ['b', '2027-01', 'ended', 10, 1000 - 3100],
      ['c', '2027-01', 'added', 16, 1600],
      ['c', '2027-02', 'premium', 28, 3100],
    ]);
  });

  it('an invoice billed again with what it billed adds nothing before its month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }), (s, len) => {
        const startsOn = addDaysIso('2026-10-01', s);
        const en = e('x', startsOn, len === null ? null : addDaysIso(startsOn, len));
        const lines = listBillLines('2027-03', '2026-10', [en], new Map());
        const billed = new Map(lines.map((l) => [`${l.enrollment_id}:${l.covers_period}`, l.amount_cents]));
        expect(listBillLines('2027-03', '2026-10', [en], billed).filter((l) => l.amount_cents !== 0)).toEqual([]);
      }),
    );
  });

  it('the month an invoice bills, and its status', () => {
    expect(invoicePeriodOn('2027-01-04', 5)).toBe('2027-01');
    expect(invoicePeriodOn('2027-01-05', 5)).toBe('2027-02');
    expect(invoicePeriodOn('2027-02-28', 31)).toBe('2027-03');
    expect(invoicePeriodOn('2027-12-31', 31)).toBe('2028-01');
    const i = { amount_due_cents: 1000, paid_cents: 400, due_on: '2027-02-01', carried: false };
    expect(invoiceStatus(i, '2027-01-20')).toBe('open');
    expect(invoiceStatus(i, '2027-02-02')).toBe('overdue');
    expect(invoiceStatus({ ...i, carried: true }, '2027-02-02')).toBe('carried');
    expect(invoiceStatus({ ...i, paid_cents: 1000 }, '2027-02-02')).toBe('paid');
  });
});
