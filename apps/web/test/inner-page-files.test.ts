import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS } from '../src/app/route-preloads.ts';

/**
 * What a first visit to an inner page downloads besides the main script (docs/decisions/0910-inner-pages-first-paint.md):
 * the files dist/preload.json names for its address (the server sends them as modulepreload / preload links).
 * On a slow phone network every file is a request on one of six connections and every kB about 5 ms before the
 * first paint, so the page's code comes in few files: the catalog pages in one chunk, zod in one, the forms
 * library in one; and what a page does not show at first (zod, forms, dialogs) is not among them. Reads the built app.
 */
const dist = path.resolve(import.meta.dirname, '../dist');

const LIMITS: { page: string; path: string; files: number; kB: number }[] = [
  // No zod and no form library on the catalog pages and the cart: their code and style sheet only.
  { page: 'plans', path: '/plans', files: 2, kB: 18 },
  { page: 'a plan', path: '/plan/101/Dental-Essentials', files: 2, kB: 18 },
  { page: 'cart', path: '/cart', files: 2, kB: 8 },
  // Not preloaded (preload: false): fetched once the header and banner have painted; still few files. 80 kB since
  // every step's form moved to react-hook-form with its zod schema and the fetchers to the contract (issue 21); the
  // agreement step's consents load with that step only.
  { page: 'enrollment', path: '/enrollment/personal-info', files: 5, kB: 80 },
];

describe('the files of an inner page', () => {
  if (!fs.existsSync(path.join(dist, 'preload.json')))
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  const entries = JSON.parse(fs.readFileSync(path.join(dist, 'preload.json'), 'utf8')) as {
    pattern: string;
    js: string[];
    css: string[];
    preload: boolean;
  }[];

  it('are listed for every address of src/app/route-preloads.ts, preloaded unless it says otherwise', () => {
    expect(entries.map((e) => e.pattern)).toEqual(ROUTE_PRELOADS.map((r) => r.pattern));
    expect(entries.map((e) => e.preload)).toEqual(ROUTE_PRELOADS.map((r) => r.preload !== false));
    expect(entries.find((e) => new RegExp(e.pattern).test('/enrollment/personal-info'))?.preload).toBe(false);
    for (const e of entries) expect(e.js.length, e.pattern).toBeGreaterThan(0);
  });

  it('name only files that exist in the built scripts (a dynamic import fails when a file it preloads is missing)', () => {
    const assets = path.join(dist, 'assets');
    const names = new Set<string>();
    for (const f of fs.readdirSync(assets).filter((n) => n.endsWith('.js'))) {
      for (const m of fs.readFileSync(path.join(assets, f), 'utf8').matchAll(/"assets\/([\w.-]+\.(?:js|css))"/g)) names.add(m[1]);
    }
    expect(names.size).toBeGreaterThan(10);
    expect([...names].filter((n) => !fs.existsSync(path.join(assets, n)))).toEqual([]);
  });

  for (const l of LIMITS) {
    it(`${l.page}: at most ${l.files} files and ${l.kB} kB gzip`, () => {
      const entry = entries.find((e) => new RegExp(e.pattern).test(l.path));
      expect(entry, l.path).toBeDefined();
      const files = [...entry!.js, ...entry!.css];
      const gzip = files.reduce((s, f) => s + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
      console.log(`${l.path}: ${files.length} file(s), ${(gzip / 1000).toFixed(1)} kB gzip — ${files.join(', ')}`);
      expect(files.length).toBeLessThanOrEqual(l.files);
      expect(gzip / 1000).toBeLessThanOrEqual(l.kB);
    });
  }
});
