import { privateMediaContext } from '../db/sealed-columns.ts';
import type { Sealer } from './crypto.ts';

/**
 * Private files (signature images, signed applications, receipts: health answers, addresses, dates of birth, the
 * signer's address) are kept sealed as bytes (lib/crypto.ts b2), bound to their media id (issue 34, finding 7).
 * Public media (logos, branding) stay as they are: /media serves them to anyone.
 */
export const sealPrivateMedia = (sealer: Sealer, id: string, plain: Uint8Array): Buffer => sealer.sealBytes(plain, privateMediaContext(id));

/**
 * A private file's bytes as they were made. A row stored before sealing is still plain until `npm run rotate-keys`
 * seals it (cli/rotate-keys.ts): it is given as it is.
 */
export function openPrivateMedia(sealer: Sealer, id: string, stored: Uint8Array): Buffer {
  const bytes = Buffer.from(stored);
  return sealer.isSealedBytes(bytes) ? sealer.openBytes(bytes, privateMediaContext(id)) : bytes;
}
