import { addDaysIso } from './dates.ts';

/**
 * The days banks settle ACH entries (issue 36): Monday to Friday, except the Federal Reserve's holidays (the Board's
 * published schedule, 12 CFR 7.1 and 5 U.S.C. 6103 as the Fed observes them). A holiday that falls on a Sunday is
 * observed the next Monday; one that falls on a Saturday is not moved (the Fed is open the Friday before). A NACHA
 * file's effective entry date, and the days before a returned debit is presented again, count these days.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const weekday = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();

/** The `n`-th `dow` (0 Sunday … 6 Saturday) of a month (n = -1: the last). */
function nthWeekday(year: number, month: number, dow: number, n: number): string {
  if (n > 0) {
    const first = weekday(`${year}-${pad(month)}-01`);
    return `${year}-${pad(month)}-${pad(1 + ((dow - first + 7) % 7) + (n - 1) * 7)}`;
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(`${year}-${pad(month)}-${pad(lastDay)}`);
  return `${year}-${pad(month)}-${pad(lastDay - ((last - dow + 7) % 7))}`;
}

/** A fixed-date holiday as the Fed observes it: on a Sunday, the Monday after; on a Saturday, not moved. */
const observed = (iso: string) => (weekday(iso) === 0 ? addDaysIso(iso, 1) : iso);

const cache = new Map<number, ReadonlySet<string>>();

/** The Federal Reserve's holidays of a year, as observed (yyyy-mm-dd). Juneteenth from 2022 on (first observed then). */
export function federalReserveHolidays(year: number): ReadonlySet<string> {
  let days = cache.get(year);
  if (!days) {
    const fixed = (m: number, d: number) => observed(`${year}-${pad(m)}-${pad(d)}`);
    days = new Set([
      fixed(1, 1), // New Year's Day
      nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
      nthWeekday(year, 2, 1, 3), // Washington's Birthday
      nthWeekday(year, 5, 1, -1), // Memorial Day
      ...(year >= 2022 ? [fixed(6, 19)] : []), // Juneteenth National Independence Day
      fixed(7, 4), // Independence Day
      nthWeekday(year, 9, 1, 1), // Labor Day
      nthWeekday(year, 10, 1, 2), // Columbus Day
      fixed(11, 11), // Veterans Day
      nthWeekday(year, 11, 4, 4), // Thanksgiving Day
      fixed(12, 25), // Christmas Day
    ]);
    cache.set(year, days);
  }
  return days;
}

/** Whether banks settle on this day: a weekday that is not a Federal Reserve holiday. */
export function isBankDay(iso: string): boolean {
  const dow = weekday(iso);
  return dow !== 0 && dow !== 6 && !federalReserveHolidays(Number(iso.slice(0, 4))).has(iso);
}

/** The next bank day strictly after `iso` (a NACHA file's effective entry date). */
export function nextBankDay(iso: string): string {
  let d = addDaysIso(iso, 1);
  while (!isBankDay(d)) d = addDaysIso(d, 1);
  return d;
}

/** `n` bank days after `iso`. */
export const bankDaysAfter = (iso: string, n: number): string => Array.from({ length: n }).reduce<string>((d) => nextBankDay(d), iso);
