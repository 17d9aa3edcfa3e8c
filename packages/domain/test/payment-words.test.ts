import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isBankDay } from '../src/bank-days.ts';
import { EFT_TERMS } from '../src/billing.ts';
import {
  debitSettlesOn,
  FIRST_DEBIT_WITHIN_DAYS,
  firstDebitBy,
  isBillDate,
  nextBillDate,
  paymentsDueThrough,
  scheduledPayment,
} from '../src/billing-schedule.ts';
import { CHARGE_TEXT, chargeSummary, chargeSummaryToWire, receiptPaymentSentence, scheduleSentence } from '../src/charges.ts';
import { paymentAuthorizationText } from '../src/consent.ts';
import { addDaysIso, isoToUs, todayIso } from '../src/dates.ts';

/**
 * Issue 37 item 6 and issue 36 "Bank debits": the EFT terms, the schedule sentence of the billing step and the review,
 * the receipt's line, the payment authorization (and through them the PDF and the mail) say the same dates and amounts,
 * all from the one schedule of billing-schedule.ts (decision 2520: the chosen bill date wins).
 */
const day = fc.integer({ min: 0, max: 365 * 8 }).map((n) => addDaysIso('2024-01-01', n));
const billDay = fc.integer({ min: 1, max: 31 });
const fill = (text: string, v: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k]));
const summaryOf = (today: string, bd: number, effective?: string) =>
  chargeSummary([{ plan_id: 1, plan_name: 'Dental', price_cents: 2699 }], { billDay: bd, today, effectiveDate: effective });
const diffDays = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

describe('bank debits on the one schedule', () => {
  it('property: the first debit reaches the account on a bank day after enrollment, within 5 days (the EFT terms)', () => {
    fc.assert(
      fc.property(day, (enrolled) => {
        const by = firstDebitBy(enrolled);
        expect(isBankDay(by)).toBe(true);
        expect(diffDays(enrolled, by)).toBeGreaterThanOrEqual(2);
        expect(diffDays(enrolled, by)).toBeLessThanOrEqual(FIRST_DEBIT_WITHIN_DAYS);
      }),
    );
    expect(EFT_TERMS).toContain(`within ${FIRST_DEBIT_WITHIN_DAYS} days of enrollment`);
  });

  it('the days a Friday enrollment before a Monday holiday waits: Saturday file, Tuesday money (Labor Day 2026)', () => {
    expect(firstDebitBy('2026-09-04')).toBe('2026-09-08');
    // Thanksgiving: enrolled Wednesday, the Thursday file settles Friday.
    expect(firstDebitBy('2026-11-25')).toBe('2026-11-27');
  });

  it('property: a monthly debit is sent on its bill date and settles on the next bank day, at most 4 days later', () => {
    fc.assert(
      fc.property(day, billDay, fc.integer({ min: 1, max: 30 }), (today, bd, i) => {
        const p = scheduledPayment(summaryOf(today, bd), i);
        expect(isBillDate(p.due_on, bd)).toBe(true);
        const settles = debitSettlesOn(p);
        expect(isBankDay(settles)).toBe(true);
        expect(settles > p.due_on).toBe(true);
        expect(diffDays(p.due_on, settles)).toBeLessThanOrEqual(4);
      }),
    );
  });

  it('property: the first monthly payment is the first bill date after the coverage starts (29 Feb, bill day 31, month ends)', () => {
    fc.assert(
      fc.property(day, billDay, fc.integer({ min: 0, max: 60 }), (today, bd, startIn) => {
        const s = summaryOf(today, bd, addDaysIso(today, startIn));
        expect(s.recurring_from).toBe(nextBillDate(s.starts_on, bd));
        expect(scheduledPayment(s, 1).due_on).toBe(s.recurring_from);
        expect(s.recurring_from > s.starts_on).toBe(true);
        // No bill date is skipped between the start and the first payment.
        for (let d = addDaysIso(s.starts_on, 1); d < s.recurring_from; d = addDaysIso(d, 1)) expect(isBillDate(d, bd)).toBe(false);
      }),
    );
    expect(nextBillDate('2028-02-28', 31)).toBe('2028-02-29');
    expect(nextBillDate('2028-02-29', 29)).toBe('2028-03-29');
    expect(nextBillDate('2027-01-31', 31)).toBe('2027-02-28');
    expect(nextBillDate('2026-12-31', 31)).toBe('2027-01-31');
  });

  it('property: a month skipped by downtime is caught up once, and each payment still pays its own month', () => {
    fc.assert(
      fc.property(day, billDay, fc.integer({ min: 32, max: 90 }), (today, bd, down) => {
        const s = summaryOf(today, bd);
        const before = paymentsDueThrough(s, addDaysIso(s.recurring_from, -1));
        const after = paymentsDueThrough(s, addDaysIso(s.recurring_from, down));
        expect(before).toEqual([]);
        expect(after.length).toBeGreaterThanOrEqual(2);
        expect(new Set(after.map((p) => p.period)).size).toBe(after.length);
        after.forEach((p, i) => expect(p).toEqual(scheduledPayment(s, i + 1)));
      }),
    );
  });
});

describe('every text says the same dates and amounts', () => {
  it('property: the billing step, the receipt and the authorization agree, for a card and for a bank account', () => {
    fc.assert(
      fc.property(
        day,
        billDay,
        fc.integer({ min: 0, max: 45 }),
        fc.constantFrom('cc', 'eft') as fc.Arbitrary<'cc' | 'eft'>,
        (today, bd, startIn, method) => {
          const wire = chargeSummaryToWire(summaryOf(today, bd, addDaysIso(today, startIn)));
          const step = scheduleSentence(wire, method);
          const receipt = receiptPaymentSentence(wire, method);
          const auth = paymentAuthorizationText(
            method === 'eft'
              ? { method, payer: 'Jane Doe', bank_name: 'Test Bank', last4: '9012' }
              : { method, payer: 'Jane Doe', brand: 'Visa', last4: '4242' },
            wire,
            'en',
          );
          const first = method === 'eft' ? isoToUs(firstDebitBy(wire.first_charge_on)) : null;
          const stepText = fill(step.text, step.values);
          const receiptText = fill(receipt.text, receipt.values);
          expect(stepText).toContain(`$${wire.initial} ${first ? `debited by ${first}` : 'today'}`);
          expect(stepText).toContain(`then $${wire.recurring} on the ${step.values.day} of each month`);
          expect(receiptText).toContain(`the next is on ${isoToUs(wire.recurring_from)}`);
          expect(auth).toContain(`Then $${wire.recurring} on day ${bd} of each month, starting ${isoToUs(wire.recurring_from)}`);
          if (first) {
            expect(receiptText).toContain(`debited from your account by ${first}`);
            expect(auth).toContain(`First debit: $${wire.initial}, by ${first}.`);
          } else {
            expect(receiptText).toContain('is taken today');
            expect(auth).toContain(`First charge: $${wire.initial} on ${isoToUs(wire.first_charge_on)}.`);
          }
        },
      ),
    );
  });

  it('the EFT terms no longer name the windows of the 1st to 6th and the 21st to 26th, nor "no monthly charge"', () => {
    expect(EFT_TERMS).not.toMatch(/1st to the 6th|21st to the 26th|no monthly charge/);
    expect(EFT_TERMS).toContain('on the bill date you choose');
    expect(CHARGE_TEXT.SCHEDULE_EFT).toContain('{{date}}');
  });

  it('property: "today" is the US Eastern day at any instant, across the daylight saving changes, and the first debit follows it', () => {
    const instant = fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2031-12-31T23:59:59Z') });
    fc.assert(
      fc.property(instant, (ms) => {
        const now = new Date(ms);
        const today = todayIso(now);
        // US Eastern is 4 or 5 hours behind UTC: its day is the UTC day of 4 to 5 hours earlier.
        const early = new Date(ms - 5 * 3_600_000).toISOString().slice(0, 10);
        const late = new Date(ms - 4 * 3_600_000).toISOString().slice(0, 10);
        expect([early, late]).toContain(today);
        const s = summaryOf(today, 28);
        expect(s.first_charge_on).toBe(today);
        expect(diffDays(today, firstDebitBy(s.first_charge_on))).toBeLessThanOrEqual(FIRST_DEBIT_WITHIN_DAYS);
      }),
    );
  });
});
