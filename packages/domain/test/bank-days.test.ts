import { describe, expect, it } from 'vitest';
import { bankDaysAfter, federalReserveHolidays, isBankDay, nextBankDay } from '../src/bank-days.ts';
import { addDaysIso } from '../src/dates.ts';

/**
 * The Federal Reserve's published holiday schedules (federalreserve.gov, "Holidays Observed by the Federal Reserve
 * System"); a holiday on a Saturday is listed on its day (the Fed is open the Friday before).
 */
const PUBLISHED: Record<number, string[]> = {
  2026: ['01-01', '01-19', '02-16', '05-25', '06-19', '07-04', '09-07', '10-12', '11-11', '11-26', '12-25'],
  2027: ['01-01', '01-18', '02-15', '05-31', '06-19', '07-05', '09-06', '10-11', '11-11', '11-25', '12-25'],
  2028: ['01-01', '01-17', '02-21', '05-29', '06-19', '07-04', '09-04', '10-09', '11-11', '11-23', '12-25'],
};

describe('bank days: weekdays without the Federal Reserve holidays', () => {
  it('lists the holidays as the Fed observes them (Sunday to Monday; a Saturday one not moved)', () => {
    for (const [year, days] of Object.entries(PUBLISHED))
      expect([...federalReserveHolidays(Number(year))].sort()).toEqual(days.map((d) => `${year}-${d}`));
  });

  it("moves a NACHA file's effective date past weekends and holidays", () => {
    expect(nextBankDay('2026-12-24')).toBe('2026-12-28'); // Christmas Friday, then the weekend
    expect(nextBankDay('2026-11-25')).toBe('2026-11-27'); // Thanksgiving
    expect(nextBankDay('2027-07-02')).toBe('2027-07-06'); // July 4 on a Sunday: Monday the 5th observed
    expect(nextBankDay('2026-07-02')).toBe('2026-07-03'); // July 4 on a Saturday: Friday the 3rd is open
    expect(nextBankDay('2026-12-31')).toBe('2027-01-04'); // New Year's Day Friday
    expect(nextBankDay('2027-01-15')).toBe('2027-01-19'); // Martin Luther King Jr. Day
    expect(bankDaysAfter('2026-11-24', 3)).toBe('2026-11-30');
  });

  it('never lands on a weekend or a holiday, and skips at most four days, over ten years', () => {
    for (let d = '2026-01-01'; d < '2036-01-01'; d = addDaysIso(d, 1)) {
      const next = nextBankDay(d);
      expect(isBankDay(next)).toBe(true);
      expect(next > d && next <= addDaysIso(d, 5)).toBe(true);
      for (let x = addDaysIso(d, 1); x < next; x = addDaysIso(x, 1)) expect(isBankDay(x)).toBe(false);
    }
  });
});
