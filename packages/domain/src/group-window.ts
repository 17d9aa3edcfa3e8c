import { todayIso } from './dates.ts';

/**
 * A group's open-enrollment window (issue 24), without zod: the storefront's landing page reads it on first paint.
 * Dates are ISO (yyyy-mm-dd); "today" is the day in US Eastern time, as everywhere in the store.
 */
export const WINDOW_TEXT = {
  END_BEFORE_START: 'The end date must be on or after the start date.',
  INVALID_DATE: 'Enter a valid date',
  OPENS_ON: 'Enrollment for {{group}} opens on {{date}}.',
  ENDED_ON: 'Enrollment for {{group}} ended on {{date}}.',
  OPEN_UNTIL: 'Enrollment for {{group}} is open until {{date}}.',
} as const;

export type TWindowState = 'open' | 'not_yet_open' | 'ended';
export interface TWindow {
  opens_on: string | null;
  closes_on: string | null;
}

/** Open when today (US Eastern) is on or after the start and on or before the end; an unset date does not limit. */
export function windowState(w: TWindow, today: string = todayIso()): TWindowState {
  if (w.opens_on && today < w.opens_on) return 'not_yet_open';
  if (w.closes_on && today > w.closes_on) return 'ended';
  return 'open';
}

/** A date in words ("January 1, 2027" / "1 de enero de 2027"), without a time zone shift. */
export function dateInWords(iso: string, lang: 'en' | 'es' = 'en'): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** The sentence of the window outside it (English key; the date and group filled in), or null when open. */
export function windowSentence(w: TWindow, today?: string): { key: string; date: string } | null {
  const state = windowState(w, today);
  if (state === 'not_yet_open') return { key: WINDOW_TEXT.OPENS_ON, date: w.opens_on! };
  if (state === 'ended') return { key: WINDOW_TEXT.ENDED_ON, date: w.closes_on! };
  return null;
}

/** The refusal of an enrollment outside the window, in English or Spanish, the date in words. */
export function windowRefusal(gname: string, w: TWindow, lang: 'en' | 'es' = 'en', today?: string): string | null {
  const s = windowSentence(w, today);
  if (!s) return null;
  const template = lang === 'es' ? WINDOW_TEXT_ES[s.key] : s.key;
  return template.replace('{{group}}', gname).replace('{{date}}', dateInWords(s.date, lang));
}
const WINDOW_TEXT_ES: Record<string, string> = {
  [WINDOW_TEXT.OPENS_ON]: 'La inscripción para {{group}} se abre el {{date}}.',
  [WINDOW_TEXT.ENDED_ON]: 'La inscripción para {{group}} terminó el {{date}}.',
};
