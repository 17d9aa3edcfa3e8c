import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * The English catalog as a shopper could meet it on a Spanish page: every key of src/locales/es/*.json (English is
 * the key) whose Spanish differs, less the words the same in both languages ("Total", "No", a plan's name) and the
 * keys that are some other text's Spanish. A key with placeholders matches whatever fills them.
 */
export function englishCatalog(): { exact: Set<string>; patterns: RegExp[] } {
  const dir = path.resolve(import.meta.dirname, '../src/locales/es');
  const es: Record<string, string> = {};
  for (const f of fs.readdirSync(dir)) Object.assign(es, JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
  const spanish = new Set(Object.values(es).map(norm));
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const [en, sp] of Object.entries(es)) {
    const key = norm(en);
    if (key === norm(sp) || spanish.has(key) || !/[a-z]{2}/i.test(key)) continue;
    if (/\{\{/.test(key)) {
      const parts = key.split(/\{\{\s*\w+\s*\}\}/);
      // A placeholder alone or beside one short word says nothing of the language.
      if (parts.join('').replace(/[^a-z]/gi, '').length < 6) continue;
      patterns.push(new RegExp(`^${parts.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`, 'i'));
    } else exact.add(key.toLowerCase());
  }
  return { exact, patterns };
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Words of English that Spanish never writes: a text with two of them is English prose that did not come from the
 * catalog (plan texts from the server, a hard-coded sentence).
 */
const ENGLISH_WORDS = ['the', 'and', 'your', 'you', 'with', 'for', 'of', 'is', 'are', 'this', 'will', 'be', 'on', 'to', 'what', 'how'];

/** Every text the page shows or names (text, labels, placeholders), each once, whitespace folded. */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden]')) continue;
      if (!parent.checkVisibility() && parent.tagName !== 'OPTION') continue;
      out.add(n.textContent ?? '');
      // A sentence broken by a link or a bold word is also read whole.
      if (parent.children.length && parent.children.length < 4) out.add(parent.textContent ?? '');
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) if (el.getAttribute(a)) out.add(el.getAttribute(a)!);
    return [...out].map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);
  });
}

/** The texts of the page that are English: a string of the catalog, or prose with English words (see ENGLISH_WORDS). */
export async function englishOn(page: Page, catalog: ReturnType<typeof englishCatalog>, allowed: RegExp[] = []): Promise<string[]> {
  const found: string[] = [];
  for (const text of await pageTexts(page)) {
    if (allowed.some((a) => a.test(text))) continue;
    const lower = text.toLowerCase();
    const words = new Set(lower.split(/[^a-z']+/));
    const english = ENGLISH_WORDS.filter((w) => words.has(w));
    if (catalog.exact.has(lower) || catalog.patterns.some((p) => p.test(text)) || english.length >= 2) found.push(text.slice(0, 120));
  }
  return found;
}
