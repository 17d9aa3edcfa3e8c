import { describe, expect, it } from 'vitest';
import { languageOf, MAIL_SPANISH, mt } from '../../src/lib/mail-i18n.ts';
import { redactUrl } from '../../src/lib/redact.ts';

describe('the language of mail', () => {
  it.each([
    ['es', 'es'],
    ['es-MX', 'es'],
    ['es-ES,es;q=0.9,en;q=0.5', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['en;q=0.2,es;q=0.9', 'es'],
    ['fr-FR', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['es;q=0', 'en'],
    ['estonian', 'en'],
  ])('reads Accept-Language %j as %s', (header, lang) => {
    expect(languageOf(header)).toBe(lang);
  });

  it('answers the same for a header read again, past the 64 headers it remembers', () => {
    const headers = Array.from({ length: 70 }, (_, i) => (i % 2 ? `es-${i},en;q=0.5` : `en-${i},es;q=0.5`));
    for (let round = 0; round < 2; round++) expect(headers.map((h) => languageOf(h))).toEqual(headers.map((_, i) => (i % 2 ? 'es' : 'en')));
  });

  it('keeps the placeholders of every English text in its Spanish', () => {
    const names = (s: string) =>
      [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    expect(Object.entries(MAIL_SPANISH).filter(([en, es]) => names(en) !== names(es))).toEqual([]);
  });

  it('fills placeholders (values with $ kept as they are) and answers English word for word', () => {
    expect(mt('en', 'First Month Total Cost: ${{amount}}', { amount: '12.50' })).toBe('First Month Total Cost: $12.50');
    expect(mt('es', 'First Month Total Cost: ${{amount}}', { amount: '12.50' })).toBe('Costo total del primer mes: $12.50');
    expect(mt('es', 'Sent by {{name}}', { name: 'A $& B' })).toBe('Enviado por A $& B');
    expect(mt('es', 'A text the catalogue does not have')).toBe('A text the catalogue does not have');
  });
});

describe('the unsubscribe link in logs', () => {
  it('hides the token like the direct-continue token', () => {
    expect(redactUrl('/api/v1/reminders/unsubscribe/c2VjcmV0LnRva2Vu')).toBe('/api/v1/reminders/unsubscribe/[redacted]');
    expect(redactUrl('/reminders/unsubscribe/c2VjcmV0LnRva2Vu?lang=es')).toBe('/reminders/unsubscribe/[redacted]?lang=[redacted]');
  });
});
