import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/**
 * The carrier's logo on the member's PDF ID card (issue 37; carriers.logo, migration 2530). The logo is an uploaded
 * image of the store's media (`/media/…`): PNG and JPEG are embedded as they are; SVG (the console's usual upload and
 * every demo logo) is drawn from its shapes (rect, circle, path, text: what logos are made of; gradients, images and
 * transforms are left out). An https address is not fetched: making a PDF calls no outside system.
 */
export type LogoImage = { kind: 'png' | 'jpg'; bytes: Uint8Array } | { kind: 'svg'; text: string };

/** The media id of a `/media/…` address (`/media/<id>` or the content-hashed `/media/<hash>/<id>`), else null. */
export function logoMediaId(address: string | null | undefined): string | null {
  if (!address?.startsWith('/media/')) return null;
  const last = address.split('?')[0].split('/').filter(Boolean).pop();
  try {
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

/** The logo's kind from its bytes (the store types uploads by their bytes too). */
export function logoImage(bytes: Uint8Array): LogoImage | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return { kind: 'png', bytes };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return { kind: 'jpg', bytes };
  const text = Buffer.from(bytes).toString('utf8');
  return /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(text) ? { kind: 'svg', text } : null;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Draws the logo inside the box (PDF points, y up), kept in proportion and centred. */
export async function drawLogo(doc: PDFDocument, page: PDFPage, fonts: { font: PDFFont; bold: PDFFont }, logo: LogoImage, box: Box) {
  if (logo.kind !== 'svg') {
    const img = logo.kind === 'png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
    const s = Math.min(box.width / img.width, box.height / img.height);
    const [w, h] = [img.width * s, img.height * s];
    page.drawImage(img, { x: box.x + (box.width - w) / 2, y: box.y + (box.height - h) / 2, width: w, height: h });
    return;
  }
  await drawSvg(page, fonts, logo.text, box);
}

const attr = (attrs: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];
const num = (attrs: string, name: string, fallback = 0) => Number(attr(attrs, name) ?? fallback) || fallback;

async function drawSvg(page: PDFPage, fonts: { font: PDFFont; bold: PDFFont }, svg: string, box: Box) {
  const { rgb } = await import('pdf-lib');
  const colour = (v: string | undefined) => {
    const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(v ?? '')?.[1];
    if (!hex) return undefined;
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return rgb(parseInt(full.slice(0, 2), 16) / 255, parseInt(full.slice(2, 4), 16) / 255, parseInt(full.slice(4, 6), 16) / 255);
  };
  const root = /<svg\b([^>]*)>/i.exec(svg)?.[1] ?? '';
  const [vx, vy, vw, vh] = (attr(root, 'viewBox') ?? `0 0 ${num(root, 'width', 100)} ${num(root, 'height', 100)}`)
    .split(/[\s,]+/)
    .map(Number);
  const s = Math.min(box.width / vw, box.height / vh);
  // The SVG's top left corner in the page, and a point of the SVG in the page.
  const ox = box.x + (box.width - vw * s) / 2 - vx * s;
  const oy = box.y + (box.height + vh * s) / 2 + vy * s;
  const at = (x: number, y: number) => ({ x: ox + x * s, y: oy - y * s });
  for (const m of svg.matchAll(/<(rect|circle|path|text)\b([^>]*?)\/?>(?:([^<]*)<\/text>)?/gi)) {
    const [, tag, a, content] = m;
    const fill = attr(a, 'fill');
    const color = fill === 'none' ? undefined : (colour(fill) ?? (fill === undefined ? rgb(0, 0, 0) : undefined));
    const stroke = colour(attr(a, 'stroke'));
    const strokeWidth = num(a, 'stroke-width', 1) * s;
    if (tag === 'rect') {
      const p = at(num(a, 'x'), num(a, 'y') + num(a, 'height'));
      page.drawRectangle({
        ...p,
        width: num(a, 'width') * s,
        height: num(a, 'height') * s,
        color,
        borderColor: stroke,
        borderWidth: stroke ? strokeWidth : 0,
      });
    } else if (tag === 'circle') {
      page.drawCircle({
        ...at(num(a, 'cx'), num(a, 'cy')),
        size: num(a, 'r') * s,
        color,
        borderColor: stroke,
        borderWidth: stroke ? strokeWidth : 0,
      });
    } else if (tag === 'path' && attr(a, 'd')) {
      page.drawSvgPath(attr(a, 'd')!, { x: ox, y: oy, scale: s, color, borderColor: stroke, borderWidth: stroke ? strokeWidth : 0 });
    } else if (tag === 'text' && content?.trim()) {
      const font = num(a, 'font-weight', 400) >= 600 ? fonts.bold : fonts.font;
      page.drawText(content.trim(), { ...at(num(a, 'x'), num(a, 'y')), size: num(a, 'font-size', 16) * s, font, color });
    }
  }
}
