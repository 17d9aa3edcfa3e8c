import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * All visible text goes through i18next. English is the key itself, word for word from the specification
 * (see @store/domain/texts); Spanish lives in src/locales/es/<feature>.json, one file per feature, and is
 * downloaded only when someone chooses it (or chose it before): English-speaking visitors never fetch it. All
 * the files come together, in one chunk (lib/spanish.ts).
 */
const loadSpanish = async (): Promise<Record<string, string>> => (await import('./spanish')).spanish;

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;

/** The language the visitor chose on an earlier visit, or null. */
export function chosenLanguage(): 'en' | 'es' | null {
  try {
    const stored = localStorage.getItem('lang');
    if (stored === 'en' || stored === 'es') return stored;
  } catch {
    /* no storage */
  }
  return null;
}

const initial = chosenLanguage() ?? 'en';

void i18n.use(initReactI18next).init({
  resources: { en: { translation: {} } },
  lng: 'en',
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  // No advertisement in the visitor's console.
  showSupportNotice: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
  try {
    localStorage.setItem('lang', lng);
  } catch {
    /* no storage */
  }
});

/** Switches the language, first fetching its texts if they are not here yet. */
export async function setLanguage(lng: 'en' | 'es'): Promise<void> {
  if (lng === 'es' && !i18n.hasResourceBundle('es', 'translation')) i18n.addResourceBundle('es', 'translation', await loadSpanish());
  await i18n.changeLanguage(lng);
}

/** Settles once the language chosen on an earlier visit is ready (at once for English). */
export const i18nReady: Promise<void> = initial === 'es' ? setLanguage('es').catch(() => undefined) : Promise.resolve();

export default i18n;
