/**
 * WCAG 2.1 colour contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio) and the check of a white-label
 * site's colours when an operator saves them (docs/decisions/1890-design-tokens-and-site-colours.md).
 */

/** AA for normal text (1.4.3): text and its background at least 4.5:1. */
export const AA_NORMAL_TEXT = 4.5;

/** The site settings that colour a white-label store (the web app turns them into its --brand tokens). */
export const SITE_COLOUR_KEYS = {
  /** The brand colour: primary buttons, links, the footer; text on the page's white background. */
  brand: 'theme_color',
  /** The text written on the brand colour (white unless set). */
  textOnBrand: 'theme_text_color',
} as const;
export const DEFAULT_TEXT_ON_BRAND = '#ffffff';
/** The page's background that links in the brand colour sit on (tokens.css --color-canvas; cards are white, lighter). */
export const PAGE_BACKGROUND = '#f4f6f9';

export const COLOUR_FORMAT = 'Enter a colour as #rrggbb, for instance #1d4ed8.';
export const textOnBrandTooLow = (ratio: number) =>
  `Text on the brand colour has a contrast ratio of ${formatRatio(ratio)}; WCAG 2.1 AA needs at least 4.5:1.`;
export const brandOnPageTooLow = (ratio: number) =>
  `The brand colour on the page's background has a contrast ratio of ${formatRatio(ratio)}; WCAG 2.1 AA needs at least 4.5:1.`;

export type TRgb = readonly [number, number, number];

/** '#1d4ed8' or '#fff' (any case) as 0–255 channels; null for anything else. */
export function parseHexColour(value: string): TRgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as TRgb;
}

/** Relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: TRgb): number {
  const lin = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two colours, 1 to 21, whichever order they come in. */
export function contrastRatio(a: TRgb | string, b: TRgb | string): number {
  const rgb = (c: TRgb | string) => {
    const parsed = typeof c === 'string' ? parseHexColour(c) : c;
    if (!parsed) throw new Error(`Not a colour: ${String(c)}`);
    return parsed;
  };
  const [l1, l2] = [relativeLuminance(rgb(a)), relativeLuminance(rgb(b))].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** '3.21:1': rounded down, so a ratio just under the limit never reads as meeting it. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

export const meetsAA = (foreground: string, background: string) => contrastRatio(foreground, background) >= AA_NORMAL_TEXT;

export interface TColourProblem {
  /** The index of the setting in the list saved (its field is settings.{index}.value). */
  index: number;
  key: string;
  message: string;
}

/**
 * The problems of a site's colour settings as saved (key/value list): each colour a #rrggbb value, the text on the
 * brand colour and the brand colour on the page's background both at least 4.5:1. Empty when the colours pass (or none is set).
 */
export function siteColourProblems(settings: readonly { key: string; value: string }[]): TColourProblem[] {
  const problems: TColourProblem[] = [];
  const find = (key: string) => {
    const index = settings.findIndex((s) => s.key === key);
    return index < 0 ? null : { index, key, value: settings[index].value };
  };
  const brand = find(SITE_COLOUR_KEYS.brand);
  const text = find(SITE_COLOUR_KEYS.textOnBrand);
  for (const s of [brand, text]) if (s && !parseHexColour(s.value)) problems.push({ index: s.index, key: s.key, message: COLOUR_FORMAT });
  if (problems.length || !brand) return problems;
  const onBrand = contrastRatio(text?.value ?? DEFAULT_TEXT_ON_BRAND, brand.value);
  if (onBrand < AA_NORMAL_TEXT) {
    const at = text ?? brand;
    problems.push({ index: at.index, key: at.key, message: textOnBrandTooLow(onBrand) });
  }
  const onPage = contrastRatio(brand.value, PAGE_BACKGROUND);
  if (onPage < AA_NORMAL_TEXT) problems.push({ index: brand.index, key: brand.key, message: brandOnPageTooLow(onPage) });
  return problems;
}

/**
 * The site's colours as the design tokens of the web app (styles/tokens.css), for index.html's first paint:
 * ':root{--color-brand:…;--color-on-brand:…}'. Null when the site sets no brand colour, or its colours are not
 * #rrggbb values or fail the check above (saved before it existed): the store's own colours then stay.
 */
export function siteColourCss(settings: Readonly<Record<string, string>>): string | null {
  const brand = settings[SITE_COLOUR_KEYS.brand];
  if (!brand) return null;
  const list = Object.entries(settings).map(([key, value]) => ({ key, value }));
  if (siteColourProblems(list).length) return null;
  const onBrand = settings[SITE_COLOUR_KEYS.textOnBrand] ?? DEFAULT_TEXT_ON_BRAND;
  return `:root{--color-brand:${brand.trim()};--color-on-brand:${onBrand.trim()}}`;
}
