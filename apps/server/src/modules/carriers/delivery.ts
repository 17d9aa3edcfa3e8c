import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { carrierArchiveContext, carrierSftpSecretContext } from '../../db/sealed-columns.ts';
import type { Sealer } from '../../lib/crypto.ts';
import type { Carrier } from './repository.ts';
import { sftpDelivery } from './sftp-delivery.ts';
import type { CarrierDeps } from './carrier-deps.ts';

/**
 * How a file reaches a carrier. The folder adapter drops it into the carrier's folder; the SFTP adapter
 * (sftp-delivery.ts) uploads it to the carrier's server. Delivering the same file name twice must leave one file (the job that delivers may run again
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

/** Where a file's sealed copy is kept: <root>/<carrier folder>/<file name>. */
export const archivePath = (root: string, carrier: { id: number; name: string }, fileName: string) =>
  path.join(root, carrierFolderName(carrier), fileName);

/**
 * The store's archive and staging (issue 34): each file sealed at rest (bytes, bound to its file name:
 * carrierArchiveContext), written atomically into <root>/<carrier folder>/: a temporary name, flushed, then renamed.
 * Nothing in the folder is readable without the store's key; a carrier takes its files over SFTP, an operator
 * downloads them through the console.
 */
export function folderDelivery(root: string, sealer: Sealer): CarrierDelivery {
  return {
    async deliver(carrier, fileName, text) {
      const dir = path.join(root, carrierFolderName(carrier));
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const temp = path.join(dir, `.${fileName}.${crypto.randomBytes(6).toString('hex')}.tmp`);
      const handle = await fs.open(temp, 'w', 0o600);
      try {
        await handle.writeFile(sealer.sealBytes(Buffer.from(text, 'utf8'), carrierArchiveContext(fileName)));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, archivePath(root, carrier, fileName));
    },
  };
}

/** Removes a file's archived copy (gone already: nothing to do). */
export async function removeArchived(root: string, carrier: { id: number; name: string }, fileName: string) {
  await fs.rm(archivePath(root, carrier, fileName), { force: true });
}

/**
 * The adapter of a carrier's delivery method (the SFTP secret opened from where it is sealed). Every file is first
 * archived, sealed, by the folder adapter (service.ts deliverJob); SFTP then sends the opened text.
 */
export function deliveryFor(deps: CarrierDeps, carrier: Carrier): CarrierDelivery {
  if (carrier.delivery_method === 'folder') return folderDelivery(deps.config.CARRIER_DROP_DIR, deps.sealer);
  if (carrier.delivery_method === 'sftp') {
    const secret = carrier.sftp_secret_enc
      ? deps.sealer.openJson<{ password?: string; private_key?: string }>(carrier.sftp_secret_enc, carrierSftpSecretContext(carrier.id))
      : {};
    return sftpDelivery({
      host: carrier.sftp_host,
      port: carrier.sftp_port,
      username: carrier.sftp_username,
      remoteDir: carrier.sftp_remote_dir,
      hostKey: carrier.sftp_host_key,
      password: secret.password || undefined,
      privateKey: secret.private_key || undefined,
      allowPrivate: deps.config.CARRIER_SFTP_ALLOW_PRIVATE,
    });
  }
  throw new Error(`No delivery adapter for method ${String(carrier.delivery_method)}`);
}
