import type { DOMPurify } from 'dompurify';

/**
 * Uploaded SVG goes through DOMPurify (cure53, SVG profile) in a jsdom window: scripts (namespaced or not), event
 * handler attributes, javascript: links, foreignObject and <use> are what it removes. Both packages load on the
 * first SVG upload, not at start-up. An SVG from which anything had to be removed is refused (the operator learns
 * the file was unsafe); one that passes unchanged is stored as DOMPurify serialized it.
 */
let purifier: Promise<DOMPurify> | null = null;
function loadPurifier(): Promise<DOMPurify> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    return createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  })();
  return purifier;
}

/** Elements DOMPurify reports as removed only because it parses the fragment inside a document. */
const WRAPPERS = new Set(['HTML', 'HEAD', 'BODY']);

/** The SVG as DOMPurify keeps it, or null when it held anything unsafe (or is no SVG). */
export async function sanitizeSvg(svg: string): Promise<string | null> {
  const purify = await loadPurifier();
  // The XML declaration and a DOCTYPE (never with an internal subset: entities) are not part of the drawing.
  if (/<!DOCTYPE[^>]*\[|<!ENTITY/i.test(svg)) return null;
  const body = svg
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^\s*<!DOCTYPE svg[^>]*>/i, '');
  const clean = purify.sanitize(body, { USE_PROFILES: { svg: true, svgFilters: true } });
  const removed = purify.removed.filter((r) => !('element' in r) || !WRAPPERS.has((r.element as Element).nodeName));
  if (removed.length || !/^\s*(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(clean)) return null;
  return clean.trim();
}
