/**
 * Values as an X12 translator accepts them (X12.6 character sets; 005010X220A1 element attributes): only the basic and
 * extended character sets, never a delimiter of the interchange, and never longer than the element's maximum.
 */

/** Letters the decomposition (NFKD) leaves whole, written as the guide's alphabet spells them. */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2026': '...',
  '\u00A0': ' ',
};

/**
 * The basic set (A-Z, 0-9, space and ! " & ' ( ) + , - . / ; ? =) and the extended set (a-z and % @ [ ] _ { } \ | < > #
 * $), less the store's delimiters (* ~ : ^), which become spaces.
 */
const OUTSIDE_SETS = /[^A-Za-z0-9 !"&'()+,\-./;?=%@[\]_{}\\|<>#$]/g;
const DELIMITERS = /[*~:^\r\n\t]/g;

/** A value made safe for an element: transliterated (ü → u, – → -), delimiters and other characters dropped, trimmed. */
export function x12Text(v: string | null | undefined): string {
  return String(v ?? '')
    .replace(DELIMITERS, ' ')
    .replace(/[^\x20-\x7E]/gu, (c) => SPELLED[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/gu, (c) => SPELLED[c] ?? '')
    .replace(OUTSIDE_SETS, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at the last space before it when there is one. */
export function fit(v: string, max: number): string {
  if (v.length <= max) return v;
  const cut = v.slice(0, max + 1).lastIndexOf(' ');
  return (cut > 0 ? v.slice(0, cut) : v.slice(0, max)).trim();
}

/** Maximum lengths of the elements the store writes (005010X220A1 and 005010X218). */
export const MAX = {
  NM103: 60,
  NM104: 35,
  NM105: 25,
  N102: 60,
  N104: 80,
  N301: 55,
  N302: 55,
  N401: 30,
  N403: 15,
  REF02: 50,
  BGN02: 50,
  RMR02: 80,
  TRN02: 50,
  HD04: 50,
} as const;

/**
 * N301 and N302: an address line over 55 characters goes on into N302 (the guide's "address information" continues
 * there); with a second line too, both are joined and cut at words into the two elements.
 */
export function addressLines(line1: string, line2?: string | null): [string] | [string, string] {
  const a = x12Text(line1);
  const b = x12Text(line2);
  if (a.length <= MAX.N301 && b.length <= MAX.N302) return b ? [a, b] : [a];
  const first = fit(`${a} ${b}`.trim(), MAX.N301);
  const rest = fit(`${a} ${b}`.trim().slice(first.length).trim(), MAX.N302);
  return rest ? [first, rest] : [first];
}
