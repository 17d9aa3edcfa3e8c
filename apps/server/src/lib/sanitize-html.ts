import type sanitizeHtml from 'sanitize-html';
import { lazyRequire } from './lazy-require.ts';

/** Loaded on first use (or warmed once the store listens), not at start-up. */
export const sanitizeHtmlPackage = lazyRequire<typeof sanitizeHtml>('sanitize-html');

/**
 * The one sanitizer configuration for rich plan texts (short text, body, exclusions, example, FAQ …) written
 * by operators and shown to shoppers. Formatting, lists, tables and links only: no script, style, event
 * handlers, iframes or forms; links may be http(s), mailto or tel and open safely.
 */
export const PLAN_TEXT_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'small',
    'sup',
    'sub',
    'span',
    'div',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/**
 * A sanitizer that remembers its last answers. Sanitizing is a pure function of the text, so the copy can never
 * be stale: an edited text is a new key. Plan lists sanitize the same few texts on every request, and parsing
 * HTML was the largest cost of listing and pricing plans. Bounded (least recently used out first).
 */
export function memoizedSanitizer(options: sanitizeHtml.IOptions, max = 1000): (html: string) => string {
  const cache = new Map<string, string>();
  return (html) => {
    const hit = cache.get(html);
    if (hit !== undefined) {
      cache.delete(html);
      cache.set(html, hit);
      return hit;
    }
    const clean = sanitizeHtmlPackage()(html, options);
    if (html.length <= 50_000) {
      cache.set(html, clean);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
    }
    return clean;
  };
}

// Above the number of texts a plan list shows at once: a catalog of 1,000 plans lists 1,000 short texts per request,
// and a least-recently-used bound below that would miss on every one of them (1,000 plans took 100 ms instead of 15).
const planSanitizer = memoizedSanitizer(PLAN_TEXT_SANITIZE_OPTIONS, 20_000);

/** Sanitized HTML of a plan text (empty for null or undefined). */
export function sanitizePlanHtml(html: string | null | undefined): string {
  if (!html) return '';
  return planSanitizer(html);
}
