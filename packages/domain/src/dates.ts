import { TEXT } from './texts.ts';
import type { Edit, Typed } from './typing.ts';

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

export function addDaysIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Why a mm/dd/yyyy date is not acceptable, or null. */
export function usDateProblem(text: string, opts: { noFuture?: boolean; minAge?: number; today?: string } = {}): string | null {
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

// ---- typing a date: mm/dd/yyyy ------------------------------------------------------------------------------------

const DATE_LAYOUT = '__/__/____';
/** Where the i-th digit of mmddyyyy is shown. */
const SLOT_AT = [0, 1, 3, 4, 6, 7, 8, 9];
/** Which digit a position of the shown text is at (a slash counts as the digit after it). */
const slotOf = (position: number) => DATE_LAYOUT.slice(0, position).replace(/\//g, '').length;

/** The 8 digits of a date as shown ('_' a gap, '' not typed yet). */
function slotsOf(text: string): string[] {
  return SLOT_AT.map((p) => (/\d/.test(text[p] ?? '') ? text[p] : p < text.length ? '_' : ''));
}

/** Month capped at 12 (00 becomes 01), day at 31 (00 becomes 01), as enrollment.md section 5 asks. */
function capped(slots: string[]): string[] {
  const out = [...slots];
  const cap = (i: number, max: string) => {
    const pair = out[i] + out[i + 1];
    if (!/^\d\d$/.test(pair)) return;
    if (Number(pair) > Number(max)) [out[i], out[i + 1]] = [max[0], max[1]];
    if (pair === '00') [out[i], out[i + 1]] = ['0', '1'];
  };
  cap(0, '12');
  cap(2, '31');
  return out;
}

/** Slashes appear once a digit follows them; gaps show as '_'; nothing trails. */
function shownDate(slots: string[]): string {
  let out = '';
  slots.forEach((d, i) => {
    if (i === 2 || i === 4) out += '/';
    out += d || '_';
  });
  return out.replace(/[_/]+$/, '');
}

/**
 * A typing step of a mm/dd/yyyy field. Digits fill the slot at the caret onward (over a gap or a digit); deleting a
 * digit leaves a gap (01/_5/1990) and the caret where it was, never moving the other digits; a pasted date keeps
 * its digits (slashes and other characters are dropped); at most 8 digits.
 */
export function typeUsDate(text: string, start: number, end: number, edit: Edit): Typed {
  let slots = slotsOf(text.replace(/[^\d_/]/g, '').slice(0, DATE_LAYOUT.length));
  const clear = (from: number, to: number) => {
    for (let i = from; i < to && i < 8; i++) if (slots[i]) slots[i] = '_';
  };
  if (edit.kind === 'insert') {
    clear(slotOf(start), slotOf(end));
    let slot = slotOf(start);
    for (const d of edit.text.replace(/\D/g, '')) {
      if (slot >= 8) break;
      // Typing past what is there fills the slots before with gaps, as the layout shows them.
      for (let i = 0; i < slot; i++) if (!slots[i]) slots[i] = '_';
      slots[slot++] = d;
    }
    slots = capped(slots);
    const value = shownDate(slots);
    return { value, caret: Math.min(slot === 0 ? 0 : SLOT_AT[slot - 1] + 1, value.length) };
  }
  if (start !== end) {
    clear(slotOf(start), slotOf(end));
    const value = shownDate(slots);
    return { value, caret: Math.min(start, value.length) };
  }
  // One digit: the one before the caret (backspace) or after it (delete), stepping over a slash.
  const backward = edit.kind === 'deleteBackward';
  let position = backward ? start - 1 : start;
  if (DATE_LAYOUT[position] === '/') position += backward ? -1 : 1;
  if (position < 0 || position >= text.length) return { value: text, caret: start };
  clear(slotOf(position), slotOf(position) + 1);
  const value = shownDate(slots);
  return { value, caret: Math.min(backward ? position : start, value.length) };
}

/**
 * The first moment of the next day in US Eastern time ("today" is the Eastern day), as an instant: 04:00 or 05:00 UTC
 * by daylight saving time.
 */
export function nextEasternMidnight(now: Date): Date {
  const [y, m, d] = todayIso(now).split('-').map(Number);
  const tomorrow = todayIso(new Date(Date.UTC(y, m - 1, d + 1, 12)));
  for (const hour of [4, 5]) {
    const t = new Date(Date.UTC(y, m - 1, d + 1, hour));
    if (todayIso(t) === tomorrow && todayIso(new Date(t.getTime() - 3_600_000)) !== tomorrow) return t;
  }
  return new Date(Date.UTC(y, m - 1, d + 1, 5));
}
