import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * How a file reaches a carrier. The shipped adapter drops it into the carrier's folder; an SFTP adapter implements
 * the same method. Delivering the same file name twice must leave one file (the job that delivers may run again
 * after a crash between the delivery and its commit).
 */
export interface CarrierDelivery {
  deliver(carrier: { id: number; name: string }, fileName: string, text: string): Promise<void>;
}

/** The carrier's folder: its id and its name, made safe for a path. */
export const carrierFolderName = (carrier: { id: number; name: string }) =>
  `${carrier.id}-${carrier.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** Writes each file atomically into <root>/<carrier folder>/: a temporary name, flushed, then renamed. */
export function folderDelivery(root: string): CarrierDelivery {
  return {
    async deliver(carrier, fileName, text) {
      const dir = path.join(root, carrierFolderName(carrier));
      await fs.mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.${fileName}.${crypto.randomBytes(6).toString('hex')}.tmp`);
      const handle = await fs.open(temp, 'w', 0o600);
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, path.join(dir, fileName));
    },
  };
}

/** The adapter of a carrier's delivery method. */
export function deliveryFor(method: string, config: { CARRIER_DROP_DIR: string }): CarrierDelivery {
  if (method === 'folder') return folderDelivery(config.CARRIER_DROP_DIR);
  throw new Error(`No delivery adapter for method ${method}`);
}
