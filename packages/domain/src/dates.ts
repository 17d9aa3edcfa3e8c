import { TEXT } from './texts.ts';

/** Dates are typed mm/dd/yyyy and stored as ISO dates; "today" is the day in US Eastern time. */

export const US_TIME_ZONE = 'America/New_York';

/** Today's date in US Eastern time as yyyy-mm-dd. */
export function todayIso(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: US_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts; // en-CA gives yyyy-mm-dd
}

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Parse mm/dd/yyyy into yyyy-mm-dd, or null when it is not a real calendar date. */
export function usToIso(text: string): string | null {
  const m = US_DATE.exec(text);
  if (!m) return null;
  const [, mm, dd, yyyy] = m;
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** yyyy-mm-dd (or a Date) to mm/dd/yyyy. */
export function isoToUs(iso: string | Date): string {
  const s = typeof iso === 'string' ? iso.slice(0, 10) : iso.toISOString().slice(0, 10);
  const [y, m, d] = s.split('-');
  return `${m}/${d}/${y}`;
}

/** Whole years between an ISO birth date and an ISO day. */
export function ageOn(birthIso: string, dayIso: string): number {
  const [by, bm, bd] = birthIso.split('-').map(Number);
  const [ty, tm, td] = dayIso.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/**
 * The typing mask of every date input: digits only, slashes inserted automatically,
 * month capped at 12, day capped at 31, 10 characters at most.
 */
export function maskUsDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  let mm = digits.slice(0, 2);
  let dd = digits.slice(2, 4);
  const yyyy = digits.slice(4, 8);
  if (mm.length === 2) {
    const n = Number(mm);
    if (n > 12) mm = '12';
    else if (n === 0) mm = '01';
  }
  if (dd.length === 2) {
    const n = Number(dd);
    if (n > 31) dd = '31';
    else if (n === 0) dd = '01';
  }
  // Slashes appear as soon as the next digit is typed, so deleting never gets stuck on a slash.
  let out = mm;
  if (digits.length > 2) out += `/${dd}`;
  if (digits.length > 4) out += `/${yyyy}`;
  return out.slice(0, 10);
}

export function addDaysIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Why a mm/dd/yyyy date is not acceptable, or null. */
export function usDateProblem(
  text: string,
  opts: { noFuture?: boolean; minAge?: number; today?: string } = {},
): string | null {
  if (!text) return TEXT.FIELD_REQUIRED;
  const iso = usToIso(text);
  if (!iso) return 'Enter a valid date (mm/dd/yyyy)';
  const today = opts.today ?? todayIso();
  if (opts.noFuture !== false && iso > today) return 'Date cannot be in the future';
  if (opts.minAge !== undefined && ageOn(iso, today) < opts.minAge) return TEXT.MUST_BE_18;
  return null;
}

/** The date the select shows first: the stored one when still offered, else the first offered. */
export function defaultEffectiveDate(offered: readonly string[], stored: string | null | undefined): string | null {
  if (stored) {
    const us = /^\d{4}-\d{2}-\d{2}/.test(stored) ? isoToUs(stored) : stored;
    if (offered.includes(us)) return us;
  }
  return offered[0] ?? null;
}
