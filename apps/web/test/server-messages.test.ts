import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's messages reach the screen as they are sent (422 field errors beside their fields, other errors
 * in alerts) and the web app translates them like any other English key: every message written in the server
 * or in the shared schemas needs its Spanish in src/locales/es.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const es: Record<string, string> = {};
for (const f of fs.readdirSync(path.join(repo, 'apps/web/src/locales/es')))
  Object.assign(es, JSON.parse(fs.readFileSync(path.join(repo, 'apps/web/src/locales/es', f), 'utf8')));

const q = `(['"\`])((?:\\\\.|(?!\\1).)*)\\1`;
const PATTERNS = [
  new RegExp(`fieldError\\(\\s*[^,]+,\\s*${q}`, 'g'),
  new RegExp(`error_message:\\s*${q}`, 'g'),
  new RegExp(`HttpError\\(\\s*4\\d\\d,\\s*${q}`, 'g'),
  new RegExp(`(?:notFound|forbidden|unauthorized)\\(\\s*${q}`, 'g'),
  // (not Kysely's SQL functions: `eb.fn.max('sent_at')` names a column)
  new RegExp(`(?<!fn)\\.(?:min|max|regex|length|email|refine|superRefine|nonempty)\\([^'"\`)]*?${q}`, 'g'),
  new RegExp(`message:\\s*${q}`, 'g'),
  /export const [A-Z][A-Z0-9_]*\s*=\s*(['"])([A-Z][^'"]* [^'"]*)\1;/g,
  /enforce\([^)]*?,\s*(['"])((?:\\.|(?!\1).)*)\1\)/g,
];
/** Literals the patterns catch that are not messages people see (the last one stops the store at start, for its operator). */
const NOT_MESSAGES = new Set([
  'updated_at',
  'database unavailable',
  "true would believe any client's X-Forwarded-For; give the number of proxies in front of the store (e.g. 1) or their addresses (e.g. 10.0.0.0/8)",
]);

function messages(dir: string, out = new Map<string, string>()) {
  for (const f of fs.readdirSync(dir)) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isDirectory()) messages(p, out);
    else if (p.endsWith('.ts')) {
      const text = fs.readFileSync(p, 'utf8');
      for (const re of PATTERNS)
        for (const m of text.matchAll(re))
          if (!(m[1] === '`' && m[2].includes('${')) && !NOT_MESSAGES.has(m[2]) && m[2]) out.set(m[2], path.relative(repo, p));
    }
  }
  return out;
}

describe('Spanish of the server', () => {
  it('translates every message the server and the shared schemas write', () => {
    const all = messages(path.join(repo, 'apps/server/src'), messages(path.join(repo, 'packages/domain/src')));
    expect(all.size).toBeGreaterThan(50);
    expect([...all].filter(([m]) => !(m in es)).map(([m, file]) => `${file}: ${m}`)).toEqual([]);
  });
});
