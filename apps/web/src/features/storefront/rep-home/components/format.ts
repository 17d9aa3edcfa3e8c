/** A date and time in the language on screen (the browser's time zone). */
export const formatWhen = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
