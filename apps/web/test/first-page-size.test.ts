import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The weight budget of the first page (docs/decisions/0800-web-bundle.md): the JavaScript a phone downloads
 * before the home page runs is at most 130 kB gzip, and the code of the enrollment wizard, the signature pad,
 * the receipt PDF, the operator console, the form and schema libraries and the screenshot library is not part
 * of it. Reads the built app (apps/web/dist): `npm test` builds it before the tests run.
 */
const BUDGET = 130_000;
const dist = path.resolve(import.meta.dirname, '../dist');

/** Strings that only the named code contains (each is checked to be somewhere in the build). */
const LATER = {
  'enrollment wizard': 'save-personal-info',
  'signature pad (signature_pad)': 'Point is invalid',
  'receipt PDF': 'get-receipt-pdf',
  'operator console': '/api/admin/',
  'form library (react-hook-form)': 'shouldUnregister',
  'schema library (zod)': '$ZodType',
  'screenshot library (html-to-image)': 'data:image/svg+xml;charset=utf-8,',
};

/** Local files that a script imports statically (import … from "./x.js", import "./x.js", export … from), not import(). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*\s{},]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => m[1]);
}

/** The scripts of the first page: index.html's module scripts and modulepreload links, then their static imports. */
function firstPageScripts(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const start = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((m) => path.join(dist, m[1]));
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(fs.readFileSync(file, 'utf8'))) queue.push(path.resolve(path.dirname(file), spec));
  }
  return [...seen];
}

describe('the first page', () => {
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  const scripts = firstPageScripts();
  const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));

  it(`loads at most ${BUDGET / 1000} kB of gzip-compressed JavaScript`, () => {
    const sizes = scripts.map((f) => ({
      file: path.relative(dist, f),
      raw: fs.statSync(f).size,
      gzip: zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length,
    }));
    const gzip = sizes.reduce((s, f) => s + f.gzip, 0);
    const raw = sizes.reduce((s, f) => s + f.raw, 0);
    console.log(
      `first page JavaScript: ${(gzip / 1000).toFixed(1)} kB gzip (${(raw / 1000).toFixed(1)} kB raw) in ${scripts.length} file(s), budget ${BUDGET / 1000} kB\n` +
        sizes.map((s) => `  ${s.file}  ${(s.gzip / 1000).toFixed(1)} kB gzip`).join('\n'),
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(BUDGET);
  });

  it('leaves the wizard, signature pad, PDF, console and heavy libraries to later chunks', () => {
    const first = scripts.map((f) => fs.readFileSync(f, 'utf8'));
    for (const [what, marker] of Object.entries(LATER)) {
      const where = all.filter((f) => fs.readFileSync(path.join(dist, 'assets', f), 'utf8').includes(marker));
      expect(where.length, `${what}: its marker is in the build`).toBeGreaterThan(0);
      expect(
        first.some((code) => code.includes(marker)),
        `${what} is in the first page's JavaScript`,
      ).toBe(false);
    }
  });

  it('has a brotli and a gzip copy beside every script and style sheet of 1 kB and more', () => {
    for (const f of fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f))) {
      const file = path.join(dist, 'assets', f);
      const data = fs.readFileSync(file);
      if (data.length < 1024) continue;
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(data), `${f}.br`).toBe(true);
      expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(data), `${f}.gz`).toBe(true);
    }
  });
});
