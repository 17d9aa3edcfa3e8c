import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Sealer } from '../lib/crypto.ts';
import { carrierArchiveContext } from '../db/sealed-columns.ts';

/** An 834 of the archive: 834-<carrier_files id, nine digits>.x12 (modules/carriers/service.ts buildFile). */
const ARCHIVED_834 = /^834-\d{9}\.x12$/;

export interface ArchiveReport {
  /** Sealed with an older key, sealed again with the current one. */
  resealed: number;
  /** Written in clear before the archive was sealed (issue 34), sealed now. */
  sealedClear: number;
  /** Sealed and not openable with any key of the ring: left as they were. */
  unreadable: string[];
}

/**
 * The carrier-drop archive's key rotation (issue 34, decision 2310): every `<carrier folder>/834-*.x12` sealed with an
 * older key is opened and sealed again with the current key; one written in clear by an older store is sealed.
 * Each file is replaced atomically (temporary name, fsync, rename); run again, it finds nothing more to do.
 */
export async function resealCarrierArchive(root: string, sealer: Sealer, currentKeyId: string, opts: { dryRun?: boolean } = {}) {
  const report: ArchiveReport = { resealed: 0, sealedClear: 0, unreadable: [] };
  const folders = await fs.readdir(root, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    const dir = path.join(root, folder.name);
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (!entry.isFile() || !ARCHIVED_834.test(entry.name)) continue;
      const file = path.join(dir, entry.name);
      const bytes = await fs.readFile(file);
      const ctx = carrierArchiveContext(entry.name);
      let plain: Buffer;
      if (sealer.isSealedBytes(bytes)) {
        const keyId = bytes.subarray(3, bytes.indexOf(0x2e, 3)).toString('ascii');
        if (bytes.subarray(0, 3).toString('latin1') === 'b2.' && keyId === currentKeyId) continue;
        try {
          plain = sealer.openBytes(bytes, ctx);
        } catch {
          report.unreadable.push(path.join(folder.name, entry.name));
          continue;
        }
        report.resealed++;
      } else {
        plain = bytes;
        report.sealedClear++;
      }
      if (opts.dryRun) continue;
      const temp = path.join(dir, `.${entry.name}.${crypto.randomBytes(6).toString('hex')}.tmp`);
      const handle = await fs.open(temp, 'w', 0o600);
      try {
        await handle.writeFile(sealer.sealBytes(plain, ctx));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, file);
    }
  }
  return report;
}
