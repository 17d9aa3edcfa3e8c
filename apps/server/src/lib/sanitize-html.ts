import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitizer configuration for rich plan texts (short text, body, exclusions, example, FAQ …) written
 * by operators and shown to shoppers. Formatting, lists, tables and links only: no script, style, event
 * handlers, iframes or forms; links may be http(s), mailto or tel and open safely.
 */
export const PLAN_TEXT_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sup', 'sub', 'span', 'div',
    'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'a', 'img',
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

/** Sanitized HTML of a plan text (empty for null or undefined). */
export function sanitizePlanHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, PLAN_TEXT_SANITIZE_OPTIONS);
}
