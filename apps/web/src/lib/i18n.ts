import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * All visible text goes through i18next. English is the key itself, word for word from the specification
 * (see @store/domain/texts); Spanish lives in src/locales/es/<feature>.json, one file per feature.
 */
const esFiles = import.meta.glob<{ default: Record<string, string> }>('../locales/es/*.json', { eager: true });
const es: Record<string, string> = {};
for (const mod of Object.values(esFiles)) Object.assign(es, mod.default);

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;

function initialLanguage() {
  try {
    const stored = localStorage.getItem('lang');
    if (stored === 'en' || stored === 'es') return stored;
  } catch {
    /* no storage */
  }
  return 'en';
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: {} }, es: { translation: es } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
  try {
    localStorage.setItem('lang', lng);
  } catch {
    /* no storage */
  }
});

export default i18n;
