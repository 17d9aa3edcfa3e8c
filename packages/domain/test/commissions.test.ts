import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyRate,
  endedEarly,
  monthIndex,
  refundChargeBack,
  shareOfLine,
  statementRows,
  sumCents,
  ZCommissionScheduleForm,
  type StatementInput,
} from '../src/commissions.ts';

const cents = fc.integer({ min: 0, max: 5_000_000 });
const bp = fc.integer({ min: 0, max: 10_000 });

describe('commission rounding (issue 39): half away from zero, integer arithmetic', () => {
  it('is the exact product when it is whole, and never more than half a cent from the real product', () => {
    fc.assert(
      fc.property(cents, bp, (c, r) => {
        const got = applyRate(c, r);
        expect(Number.isInteger(got)).toBe(true);
        expect(Math.abs(got - (c * r) / 10_000)).toBeLessThanOrEqual(0.5);
        expect(applyRate(-c, r) + got).toBe(0);
      }),
    );
    expect(applyRate(1005, 5000)).toBe(503); // 502.5 rounds up
    expect(applyRate(-1005, 5000)).toBe(-503);
    expect(applyRate(10_000, 1250)).toBe(1250);
  });

  it('partial refunds adding up to the payment take back exactly the commission, never a cent more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        (amount, payment, weights) => {
          const total = weights.reduce((s, w) => s + w, 0);
          let left = payment;
          const parts = weights.map((w, i) => {
            const p = i === weights.length - 1 ? left : Math.floor((payment * w) / total);
            left -= p;
            return p;
          });
          let before = 0;
          let taken = 0;
          for (const p of parts) {
            const back = refundChargeBack(amount, payment, before, p);
            expect(back).toBeLessThanOrEqual(0);
            taken += back;
            expect(-taken).toBeLessThanOrEqual(amount);
            before += p;
          }
          expect(taken).toBe(-amount);
          // A refund after the whole payment was refunded takes nothing more.
          expect(refundChargeBack(amount, payment, payment, 100)).toBe(0);
        },
      ),
    );
  });

  it('counts months from the coverage start; coverage ended inside the first N months is early', () => {
    expect(monthIndex('2026-01-01', '2026-01')).toBe(0);
    expect(monthIndex('2026-01-15', '2026-12')).toBe(11);
    expect(monthIndex('2026-01-01', '2027-01')).toBe(12);
    expect(endedEarly('2026-01-01', '2026-06-30', 6)).toBe(true);
    expect(endedEarly('2026-01-01', '2026-07-01', 6)).toBe(false);
    expect(endedEarly('2026-01-01', '2026-02-28', 0)).toBe(false);
    expect(endedEarly('2026-01-01', null, 6)).toBe(false);
  });

  it('reads percentages and dollars as the operator types them', () => {
    const ok = ZCommissionScheduleForm.safeParse({
      carrier_id: '3',
      plan_id: '',
      first_year_percent: '12.5',
      renewal_percent: 5,
      flat_amount: '$25.00',
    });
    expect(ok.success && ok.data).toEqual({
      carrier_id: 3,
      plan_id: null,
      first_year_percent: 1250,
      renewal_percent: 500,
      flat_amount: 2500,
    });
    const bad = ZCommissionScheduleForm.safeParse({
      carrier_id: 3,
      plan_id: 7,
      first_year_percent: '101',
      renewal_percent: '1.234',
      flat_amount: 'x',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['first_year_percent', 'flat_amount', 'renewal_percent']);
  });
});

const schedule = { first_year_bp: 2000, renewal_bp: 500, flat_cents: 2500 };
const base = (over: Partial<StatementInput> = {}): StatementInput => ({
  agent_id: 1,
  override_bp: 1000,
  chargeback_months: 6,
  cutoff_day: '2026-08-01',
  business: [
    {
      enrollment_id: 'E1',
      writing_agent_id: 1,
      starts_on: '2026-01-01',
      plans: [{ plan_id: 10, commissionable_cents: 3333, schedule, ends_on: null }],
    },
    {
      enrollment_id: 'E2',
      writing_agent_id: 2,
      starts_on: '2025-01-01',
      plans: [{ plan_id: 10, commissionable_cents: 4000, schedule, ends_on: null }],
    },
  ],
  money: [],
  existing: [],
  ...over,
});
const pay = (id: number, enrollment: string, period: string, amount = 5000) => ({
  ledger_entry_id: id,
  enrollment_id: enrollment,
  period,
  kind: 'payment' as const,
  amount_cents: amount,
  payment_entry_id: null,
  payment_cents: null,
});

describe('a statement’s rows (issue 39)', () => {
  it('pays first-year and the flat once to the writing rep, the override to the upline, and takes a refund back', () => {
    const first = statementRows(base({ money: [pay(1, 'E1', '2026-01'), pay(2, 'E1', '2026-02'), pay(3, 'E2', '2026-03')] }));
    expect(first.map((r) => [r.kind, r.amount_cents])).toEqual([
      ['first_year', 667], // 20% of 33.33 = 6.666
      ['flat', 2500],
      ['first_year', 667],
      ['override', 400], // the downline's business: 10% of 40.00
    ]);
    const refund = { ...pay(4, 'E1', '2026-02'), kind: 'refund' as const, payment_entry_id: 2, payment_cents: 5000 };
    const next = statementRows(base({ money: [refund], existing: first }));
    expect(next.map((r) => [r.kind, r.amount_cents, r.reverses_key])).toEqual([['refund_chargeback', -667, 'c:1:2:10']]);
  });

  it('a renewal month earns the renewal rate; coverage ended early takes back all it earned and earns no more', () => {
    const renewal = statementRows(base({ agent_id: 2, money: [pay(9, 'E2', '2026-03')] }));
    expect(renewal.map((r) => [r.kind, r.rate_bp, r.amount_cents])).toEqual([
      ['renewal', 500, 200],
      ['flat', null, 2500],
    ]);
    const earned = statementRows(base({ money: [pay(1, 'E1', '2026-01'), pay(2, 'E1', '2026-02')] }));
    const ended = base({ existing: earned, money: [pay(3, 'E1', '2026-03')] });
    ended.business[0].plans[0].ends_on = '2026-03-31';
    const back = statementRows(ended);
    expect(back.every((r) => r.kind === 'early_end_chargeback')).toBe(true);
    expect(sumCents([...earned, ...back])).toBe(0);
  });

  it('whatever the payments and refunds, the rows of many statements sum to what was earned less what was taken back, and no key repeats', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ e: fc.constantFrom('E1', 'E2'), m: fc.integer({ min: 0, max: 20 }), refund: fc.integer({ min: 0, max: 6000 }) }),
          {
            maxLength: 12,
          },
        ),
        (events) => {
          let existing: ReturnType<typeof statementRows> = [];
          let id = 0;
          for (const ev of events) {
            id++;
            const period = `${2026 + Math.floor(ev.m / 12)}-${String((ev.m % 12) + 1).padStart(2, '0')}`;
            const money: StatementInput['money'] = [pay(id, ev.e, period)];
            if (ev.refund)
              money.push({ ...pay(++id, ev.e, period, ev.refund), kind: 'refund', payment_entry_id: id - 1, payment_cents: 5000 });
            existing = [...existing, ...statementRows(base({ money, existing }))];
          }
          expect(new Set(existing.map((r) => r.key)).size).toBe(existing.length);
          for (const src of existing.filter((r) => r.reverses_key === null)) {
            const back = existing.filter((r) => r.reverses_key === src.key).reduce((s, r) => s + r.amount_cents, 0);
            expect(back).toBeLessThanOrEqual(0);
            expect(src.amount_cents + back).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe('list-bill lines (decision 2811): a line earns on its share of the monthly amount', () => {
  it.each([
    // [line cents, monthly cents, plan commissionable cents, basis, first-year 20%]
    [5000, 5000, 3333, 3333, 667], // a whole month: the whole premium
    [2500, 5000, 3333, 1667, 333], // half a month (added by the day): half, rounded half away from zero
    [1, 3199, 2699, 1, 0], // a cent: a cent of basis, nothing earned
    [-1613, 5000, 3333, -1075, -215], // ended mid-month (a credit): its share taken back at the same rate
  ])('line %i of %i on %i: basis %i, earns %i', (line, monthly, commissionable, basis, earned) => {
    expect(shareOfLine(commissionable, { cents: line, of_cents: monthly })).toBe(basis);
    const business = [
      {
        enrollment_id: 'E1',
        writing_agent_id: 1,
        starts_on: '2026-01-01',
        plans: [{ plan_id: 10, commissionable_cents: commissionable, schedule, ends_on: null }],
      },
    ];
    const rows = statementRows(
      base({ business, money: [{ ...pay(7, 'E1', '2026-02', line), share: { cents: line, of_cents: monthly } }] }),
    );
    const first = rows.filter((r) => r.kind === 'first_year');
    expect(first.map((r) => [r.basis_cents, r.amount_cents])).toEqual(earned ? [[basis, earned]] : []);
    // The flat amount comes with a line that bills premium, never with a credit.
    expect(rows.some((r) => r.kind === 'flat')).toBe(basis > 0);
  });

  it('a line of no monthly amount earns nothing', () => {
    expect(shareOfLine(3333, { cents: 100, of_cents: 0 })).toBe(0);
  });
});
