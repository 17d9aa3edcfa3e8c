/**
 * Every Spanish text of the app (src/locales/es/<feature>.json) in one object. Loaded with this module's own
 * chunk only when someone chooses Spanish (lib/i18n.ts): one request for all the files, and the first page's
 * script does not carry a loader for each of them (docs/decisions/0800-web-bundle.md).
 */
const files = import.meta.glob<Record<string, string>>('../locales/es/*.json', { eager: true, import: 'default' });

export const spanish: Record<string, string> = Object.assign({}, ...Object.values(files));
