import { useTranslation } from 'react-i18next';
import { WINDOW_TEXT, dateInWords, windowSentence } from '@store/domain/group-window';
import type { TWindowInfo } from '@store/domain/group-home';

/** "Enrollment for Acme opens on January 1, 2027." (ended / open until …), in the language on screen; null when open without an end. */
export function useWindowSentence(w: TWindowInfo | null | undefined): string | null {
  const { t, i18n } = useTranslation();
  if (!w) return null;
  const lang = i18n.language === 'es' ? 'es' : 'en';
  const s = windowSentence(w);
  if (s) return t(s.key, { group: w.gname, date: dateInWords(s.date, lang) });
  if (w.closes_on) return t(WINDOW_TEXT.OPEN_UNTIL, { group: w.gname, date: dateInWords(w.closes_on, lang) });
  return null;
}
