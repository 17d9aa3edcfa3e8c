/**
 * Demo images (SVG) of a fresh install: plan logos (their carrier's designed logo, demo-brands.ts), site branding per
 * site kind (the hero, tiles, thank-you and review card are designed illustrations), rep and group logos.
 * Deterministic; the seed stores them as media and the server serves them.
 */
import { DEMO_PLANS } from './demo-catalog.ts';
import { brandMedia, carrierLogo, illustration, ILLUSTRATION_KEYS, type IllustrationKey } from './demo-brands.ts';

export const SITE_IMAGE_KEYS = [
  'logo',
  'cart_logo',
  'footer_icon_facebook',
  'footer_icon_twitter',
  'footer_icon_linkedin',
  'app_icon_android',
  'app_icon_ios',
  'banner_image',
  'goenroll_banner_image',
  'call_background',
  ...ILLUSTRATION_KEYS,
] as const;
export type SiteImageKey = (typeof SITE_IMAGE_KEYS)[number];

export const DEMO_IMAGE_SITE_KINDS = ['main', 'dental', 'partner', 'go-enroll'] as const;

/** Media id of a branding image of a site kind, e.g. site-main-logo.svg. */
export function siteImageId(siteKind: string, key: string): string {
  return `site-${siteKind}-${key}.svg`;
}

export const REP_GROUP_IMAGES = [
  { id: 'agent-20001-logo.svg', name: 'Jordan Avery', subtitle: 'Benefits Representative', color: '#0f766e' },
  { id: 'group-3001-logo.svg', name: 'Acme Manufacturing', subtitle: 'Employee Benefits', color: '#b45309' },
  { id: 'group-3003-logo.svg', name: 'Harbor Schools', subtitle: 'Staff Benefits', color: '#1e40af' },
] as const;

const CONTENT_TYPE = 'image/svg+xml';

/** Escapes text for XML character data and attribute values. */
function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const FONT = 'Helvetica, Arial, sans-serif';

function svg(width: number, height: number, title: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${xml(title)}">` +
    `<title>${xml(title)}</title>${body}</svg>\n`
  );
}

function text(
  x: number,
  y: number,
  content: string,
  opts: { size: number; fill?: string; weight?: string; anchor?: 'start' | 'middle' | 'end'; opacity?: number },
): string {
  const attrs = [
    `x="${x}"`,
    `y="${y}"`,
    `font-family="${FONT}"`,
    `font-size="${opts.size}"`,
    `fill="${opts.fill ?? '#ffffff'}"`,
    `text-anchor="${opts.anchor ?? 'middle'}"`,
  ];
  if (opts.weight) attrs.push(`font-weight="${opts.weight}"`);
  if (opts.opacity !== undefined) attrs.push(`fill-opacity="${opts.opacity}"`);
  return `<text ${attrs.join(' ')}>${xml(content)}</text>`;
}

function linearGradient(id: string, from: string, to: string, vertical = false): string {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function initials(name: string): string {
  return name
    .split(/[\s+]+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

// ---------------------------------------------------------------------------
// Site branding

interface SiteTheme {
  name: string;
  tagline: string;
  from: string;
  to: string;
  accent: string;
}

const SITE_THEMES: Record<string, SiteTheme> = {
  main: {
    name: 'Benefit Store',
    tagline: 'Dental, vision and more for you and your family',
    from: '#1e3a8a',
    to: '#0ea5e9',
    accent: '#f59e0b',
  },
  dental: {
    name: 'Dental Benefit Store',
    tagline: 'Dental plans accepted by 75% of dentists nationwide',
    from: '#065f46',
    to: '#2dd4bf',
    accent: '#fde68a',
  },
  partner: {
    name: 'Partner Benefits',
    tagline: 'Benefits from our partner network',
    from: '#4c1d95',
    to: '#c084fc',
    accent: '#f472b6',
  },
  'go-enroll': {
    name: 'GoEnroll',
    tagline: 'Enroll in minutes, covered from the first of the month',
    from: '#9a3412',
    to: '#fb923c',
    accent: '#fef3c7',
  },
};

function logoMark(cx: number, cy: number, r: number, theme: SiteTheme): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#g)"/>` +
    `<path d="M ${cx - r * 0.45} ${cy} L ${cx - r * 0.1} ${cy + r * 0.35} L ${cx + r * 0.5} ${cy - r * 0.35}" fill="none" stroke="${theme.accent}" stroke-width="${Math.max(2, r * 0.18)}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

function siteLogo(theme: SiteTheme, height: number): string {
  const r = height * 0.36;
  const fontSize = Math.round(height * 0.36);
  // Wide enough for the name in a bold sans-serif face.
  const width = Math.ceil(height + 4 + theme.name.length * fontSize * 0.62 + 12);
  const body =
    `<defs>${linearGradient('g', theme.from, theme.to)}</defs>` +
    `<rect width="${width}" height="${height}" rx="8" fill="#ffffff"/>` +
    logoMark(height / 2, height / 2, r, theme) +
    text(height + 4, height / 2 + height * 0.13, theme.name, {
      size: fontSize,
      fill: theme.from,
      weight: '700',
      anchor: 'start',
    });
  return svg(width, height, theme.name, body);
}

function footerIcon(label: string, glyph: string, color: string): string {
  const body =
    `<circle cx="16" cy="16" r="16" fill="${color}"/>` + text(16, 21.5, glyph, { size: glyph.length > 1 ? 13 : 16, weight: '700' });
  return svg(32, 32, label, body);
}

function storeBadge(label: string, line1: string, line2: string, glyph: string): string {
  const body =
    `<rect width="180" height="54" rx="10" fill="#111827"/>` +
    `<rect x="0.5" y="0.5" width="179" height="53" rx="10" fill="none" stroke="#9ca3af"/>` +
    `<circle cx="28" cy="27" r="15" fill="#ffffff" fill-opacity="0.15"/>` +
    text(28, 33, glyph, { size: 16, weight: '700' }) +
    text(54, 22, line1, { size: 10, anchor: 'start' }) +
    text(54, 41, line2, { size: 17, weight: '700', anchor: 'start' });
  return svg(180, 54, label, body);
}

function banner(theme: SiteTheme, headline: string, sub: string, width = 1200, height = 360): string {
  const body =
    `<defs>${linearGradient('g', theme.from, theme.to)}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<circle cx="${width - 160}" cy="${height * 0.2}" r="${height * 0.55}" fill="#ffffff" fill-opacity="0.08"/>` +
    `<circle cx="${width - 40}" cy="${height * 0.95}" r="${height * 0.4}" fill="#ffffff" fill-opacity="0.1"/>` +
    `<circle cx="${width * 0.45}" cy="${height * 1.1}" r="${height * 0.5}" fill="#ffffff" fill-opacity="0.05"/>`;
  // No words in the picture: the page writes its own heading over the banner (and translates it).
  return svg(width, height, `${headline}: ${sub}`, body);
}

function callBackground(theme: SiteTheme): string {
  const width = 1200;
  const height = 300;
  const body =
    `<defs>${linearGradient('g', theme.to, theme.from, true)}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<circle cx="150" cy="150" r="90" fill="#ffffff" fill-opacity="0.12"/>` +
    `<path d="M 120 110 q 10 -10 20 0 l 12 18 q 5 8 -3 14 l -8 6 q 10 22 32 32 l 6 -8 q 6 -8 14 -3 l 18 12 q 10 10 0 20 l -10 10 q -20 16 -60 -14 q -40 -40 -36 -72 z" fill="#ffffff" fill-opacity="0.85"/>` +
    text(280, 140, 'Questions? Talk to a licensed benefits advisor', { size: 34, weight: '700', anchor: 'start' }) +
    text(280, 185, 'Monday to Friday, 8 am to 8 pm Eastern Time', { size: 22, anchor: 'start', opacity: 0.9 });
  return svg(width, height, `${theme.name} call background`, body);
}

function siteImage(kind: string, key: SiteImageKey): string {
  const theme = SITE_THEMES[kind] ?? SITE_THEMES.main;
  switch (key) {
    case 'logo':
      return siteLogo(theme, 64);
    case 'cart_logo':
      return siteLogo(theme, 48);
    case 'footer_icon_facebook':
      return footerIcon('Facebook', 'f', '#1877f2');
    case 'footer_icon_twitter':
      return footerIcon('Twitter', 'X', '#111827');
    case 'footer_icon_linkedin':
      return footerIcon('LinkedIn', 'in', '#0a66c2');
    case 'app_icon_android':
      return storeBadge('Get it on Google Play', 'GET IT ON', 'Google Play', '\u25B6');
    case 'app_icon_ios':
      return storeBadge('Download on the App Store', 'Download on the', 'App Store', 'A');
    case 'banner_image':
      return banner(theme, theme.name, theme.tagline);
    case 'goenroll_banner_image':
      return banner(theme, 'Enroll online today', `${theme.name}: plans for individuals, families and groups`);
    case 'call_background':
      return callBackground(theme);
    default:
      return illustration(kind, key satisfies IllustrationKey).toString('utf8');
  }
}

// ---------------------------------------------------------------------------
// Rep and group logos

function orgLogo(name: string, subtitle: string, color: string): string {
  const width = Math.max(320, Math.ceil(100 + name.length * 14 + 20));
  const body =
    `<rect width="${width}" height="96" rx="12" fill="#ffffff"/>` +
    `<rect x="12" y="12" width="72" height="72" rx="36" fill="${color}"/>` +
    text(48, 58, initials(name), { size: 28, weight: '700' }) +
    text(100, 48, name, { size: 22, fill: '#0f172a', weight: '700', anchor: 'start' }) +
    text(100, 72, subtitle, { size: 14, fill: '#475569', anchor: 'start' });
  return svg(width, 96, name, body);
}

// ---------------------------------------------------------------------------

export function demoImages(): { id: string; contentType: string; data: Buffer }[] {
  const out: { id: string; contentType: string; data: Buffer }[] = [];
  const add = (id: string, content: string) => out.push({ id, contentType: CONTENT_TYPE, data: Buffer.from(content, 'utf8') });

  const seen = new Set<string>();
  for (const p of DEMO_PLANS) {
    if (seen.has(p.plan_logo)) continue;
    seen.add(p.plan_logo);
    add(p.plan_logo, carrierLogo(p.carrier).toString('utf8'));
  }
  for (const kind of DEMO_IMAGE_SITE_KINDS) {
    for (const key of SITE_IMAGE_KEYS) add(siteImageId(kind, key), siteImage(kind, key));
  }
  for (const r of REP_GROUP_IMAGES) add(r.id, orgLogo(r.name, r.subtitle, r.color));
  return [...out, ...brandMedia()];
}
