import { lazyRequire } from './lazy-require.ts';

/** The zip database takes a tenth of a second to load: on the first look-up, or warmed once the store listens. */
export const zipcodes = lazyRequire<typeof import('zipcodes')>('zipcodes');

/**
 * Zip to city and state, in place of an outside address service: the US zip database shipped with the
 * server (the zipcodes package). A real provider (USPS) can replace it behind this interface.
 */
export interface ZipInfo {
  zip: string;
  city: string;
  state: string;
}
export interface ZipDirectory {
  lookup(zip: string): ZipInfo | null;
  /** zip, city and state agree (the USPS validation checkbox). */
  validateAddress(addr: { zip: string; city: string; state: string }): boolean;
}

export const shippedZipDirectory: ZipDirectory = {
  lookup(zip) {
    if (!/^\d{5}$/.test(zip)) return null;
    const hit = zipcodes().lookup(zip);
    if (!hit || hit.country !== 'US') return null;
    return { zip: hit.zip, city: hit.city, state: hit.state };
  },
  validateAddress({ zip, city, state }) {
    const hit = this.lookup(zip);
    if (!hit || hit.state.toUpperCase() !== state.trim().toUpperCase()) return false;
    const norm = (s: string) =>
      s
        .trim()
        .toUpperCase()
        .replace(/[^A-Z]/g, '');
    if (norm(hit.city) === norm(city)) return true;
    // The same zip may serve several place names: accept any city of that state with this zip.
    return zipcodes()
      .lookupByName(city.trim(), state.trim().toUpperCase())
      .some((z) => z.zip === zip);
  },
};
