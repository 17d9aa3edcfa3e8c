import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ADMIN_TEXT, MAX_UPLOAD_BYTES } from '@store/domain/admin';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../lib/errors.ts';

/**
 * Uploaded images: the type comes from the bytes (PNG, JPEG, WebP signatures; SVG by its root element),
 * never from the name or the browser's claim. SVG that can carry script or reach outside is refused.
 */
export function sniffImage(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  const head = bytes.toString('utf8', 0, Math.min(bytes.length, 4096)).replace(/^\uFEFF/, '');
  const stripped = head
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/g, '')
    .replace(/^\s*<!DOCTYPE svg[^>[]*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/g, '');
  if (/^\s*<svg[\s>]/i.test(stripped)) return 'image/svg+xml';
  return null;
}

/** Why an SVG is unsafe, or null when it only draws. */
export function unsafeSvgReason(svg: string): string | null {
  const checks: [RegExp, string][] = [
    [/<script/i, 'script'],
    [/<!ENTITY/i, 'entity'],
    [/<!DOCTYPE[^>]*\[/i, 'internal subset'],
    [/<foreignObject/i, 'foreignObject'],
    [/<(iframe|embed|object|audio|video|handler|listener)\b/i, 'embedded content'],
    [/\son[a-z]+\s*=/i, 'event handler'],
    [/javascript:|vbscript:|data:text\/html/i, 'script url'],
    [/(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(png|jpeg|webp|gif);)/i, 'external reference'],
    [/@import|url\(\s*["']?\s*(?!#|data:image\/)/i, 'external style'],
    [/<set\b[^>]*attributeName\s*=\s*["']?(href|xlink:href|on)/i, 'animated reference'],
    [/<animate[^>]*attributeName\s*=\s*["']?(href|xlink:href|on)/i, 'animated reference'],
  ];
  for (const [re, reason] of checks) if (re.test(svg)) return reason;
  return null;
}

/** Parses a data URL, checks size and type, and stores the image in media; returns its id and URL. */
export async function storeUploadedImage(db: Kysely<Database>, dataUrl: string, field = 'file') {
  const m = /^data:[^;,]*(;base64)?,(.*)$/s.exec(dataUrl);
  if (!m || !m[1]) throw fieldError(field, ADMIN_TEXT.IMAGE_TYPE);
  const bytes = Buffer.from(m[2], 'base64');
  if (bytes.length === 0) throw fieldError(field, ADMIN_TEXT.IMAGE_TYPE);
  if (bytes.length > MAX_UPLOAD_BYTES) throw fieldError(field, ADMIN_TEXT.IMAGE_SIZE);
  const type = sniffImage(bytes);
  if (!type) throw fieldError(field, ADMIN_TEXT.IMAGE_TYPE);
  if (type === 'image/svg+xml' && unsafeSvgReason(bytes.toString('utf8'))) throw fieldError(field, ADMIN_TEXT.SVG_UNSAFE);
  const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' }[type];
  const id = `upload-${crypto.randomUUID()}.${ext}`;
  await db.insertInto('media').values({ id, content_type: type, data: bytes }).execute();
  return { id, url: `/media/${id}`, content_type: type };
}
