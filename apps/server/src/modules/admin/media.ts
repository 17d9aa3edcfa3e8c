import crypto from 'node:crypto';
import { ADMIN_TEXT, MAX_UPLOAD_BYTES } from '@store/domain/admin';
import { fieldError } from '../../lib/errors.ts';
import { sanitizeSvg } from '../../lib/sanitize-svg.ts';

/**
 * Uploaded images: the type comes from the bytes (PNG, JPEG, WebP signatures; SVG by its root element),
 * never from the name or the browser's claim. SVG goes through DOMPurify (lib/sanitize-svg.ts); one that held anything
 * unsafe is refused.
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

/** Parses a data URL and checks its size and type (the bytes decide); returns what to store and where it will be served. */
export async function prepareUploadedImage(dataUrl: string, field = 'file') {
  const m = /^data:[^;,]*(;base64)?,(.*)$/s.exec(dataUrl);
  if (!m || !m[1]) throw fieldError(field, ADMIN_TEXT.IMAGE_TYPE);
  const bytes = Buffer.from(m[2], 'base64');
  if (bytes.length === 0) throw fieldError(field, ADMIN_TEXT.IMAGE_TYPE);
  if (bytes.length > MAX_UPLOAD_BYTES) throw fieldError(field, ADMIN_TEXT.IMAGE_SIZE);
  const type = sniffImage(bytes);
  if (!type) throw fieldError(field, ADMIN_TEXT.IMAGE_TYPE);
  let data = bytes;
  if (type === 'image/svg+xml') {
    const clean = await sanitizeSvg(bytes.toString('utf8'));
    if (clean === null) throw fieldError(field, ADMIN_TEXT.SVG_UNSAFE);
    data = Buffer.from(clean, 'utf8');
  }
  const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' }[type];
  const id = `upload-${crypto.randomUUID()}.${ext}`;
  return { id, url: `/media/${id}`, content_type: type, data };
}
