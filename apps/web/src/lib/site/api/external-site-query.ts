// No schema library here: the start-up reads this on every first page; the look-up (external-site.ts) loads when needed.

/** The start-up's query keys that name an external site (storefront.md section 4: "the external-site or websites query"). */
export const EXTERNAL_SITE_KEYS = ['external_site', 'external-site', 'websites'] as const;

/** The external site named in this address's query, if any. */
export function externalSiteName(q: URLSearchParams): string | null {
  for (const key of EXTERNAL_SITE_KEYS) {
    const v = q.get(key)?.trim();
    if (v) return v;
  }
  return null;
}
