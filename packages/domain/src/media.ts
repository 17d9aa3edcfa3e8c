/**
 * Where an image field's value is served from. The database keeps either a URL (`/media/<id>`, `/media/<hash>/<id>`,
 * `https://…`) or a bare media id (`plan-logo-101.svg`, as the demo seed stores plan logos); a bare id is served at
 * /media/<id>. Used by the server's responses and by the console's previews (a bare id used as an image source
 * resolved against the page's path, /admin/plans/…, and answered 404).
 */
export function mediaUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^(\/|https?:\/\/)/i.test(v)) return v;
  return /^[A-Za-z0-9._-]+$/.test(v) ? `/media/${v}` : null;
}
