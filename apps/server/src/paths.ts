import path from 'node:path';

/**
 * apps/server, found from here: this file sits in src/ and the built server in dist/, one level below it
 * either way (import.meta.dirname of a bundled module is the bundle's folder).
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
