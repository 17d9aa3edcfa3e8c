import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import {
  SECTIONS,
  agreementRows,
  billingRows,
  contactRows,
  employerRows,
  healthRows,
  personalRows,
  LOCKED_ROW_NOTE,
} from '@store/domain/review-rows';

const root = path.resolve(import.meta.dirname, '..');
const es: Record<string, string> = {};
for (const f of fs.readdirSync(path.join(root, 'src/locales/es')))
  Object.assign(es, JSON.parse(fs.readFileSync(path.join(root, 'src/locales/es', f), 'utf8')));

/** Every literal key passed to t('…') in the app's source. */
function literalKeys(dir: string, keys = new Set<string>()) {
  for (const f of fs.readdirSync(dir)) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isDirectory()) literalKeys(p, keys);
    else if (/\.tsx?$/.test(f))
      for (const m of fs.readFileSync(p, 'utf8').matchAll(/\bt\(\s*(['"])((?:\\.|(?!\1).)*)\1/g)) keys.add(m[2].replace(/\\(['"])/g, '$1'));
  }
  return keys;
}

describe('Spanish', () => {
  it('translates every fixed text of the specification', () => {
    const missing = Object.values(TEXT).filter((v) => typeof v === 'string' && !(v in es));
    expect(missing).toEqual([]);
  });

  it('translates every text the app passes to t() literally', () => {
    const missing = [...literalKeys(path.join(root, 'src'))].filter((k) => !(k in es));
    expect(missing).toEqual([]);
  });

  it("translates the review's card titles and every fixed label of its rows", () => {
    // The labels come from the domain (the signed application prints the same), each passed to t() by the review.
    const labels = [
      ...SECTIONS.map((x) => x.title),
      LOCKED_ROW_NOTE,
      ...[
        personalRows({}),
        contactRows({}),
        employerRows({}),
        billingRows({ payment_method: 'cc', bill_date: 1 }),
        billingRows({ payment_method: 'eft' }),
        agreementRows({}),
        healthRows(null),
      ].flatMap((rows) => rows.map(([label]) => label)),
    ];
    // "Height" and "Weight" were English on the Spanish review.
    expect([...new Set(labels)].filter((l) => !(l in es))).toEqual([]);
  });

  it('keeps the placeholders of each text in its translation', () => {
    const broken = Object.entries(es).filter(([en, sp]) => {
      const names = (s: string) =>
        [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
          .map((m) => m[1])
          .sort()
          .join(',');
      return names(en) !== names(sp);
    });
    expect(broken).toEqual([]);
  });
});
