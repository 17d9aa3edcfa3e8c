import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { carrierSftpSecretContext } from '../../db/sealed-columns.ts';
import type { Carrier } from './repository.ts';
import { sftpDelivery } from './sftp-delivery.ts';

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

/** The adapter of a carrier's delivery method (the SFTP secret opened from where it is sealed). */
export function deliveryFor(app: FastifyInstance, carrier: Carrier): CarrierDelivery {
  if (carrier.delivery_method === 'folder') return folderDelivery(app.config.CARRIER_DROP_DIR);
  if (carrier.delivery_method === 'sftp') {
    const secret = carrier.sftp_secret_enc
      ? app.sealer.openJson<{ password?: string; private_key?: string }>(carrier.sftp_secret_enc, carrierSftpSecretContext(carrier.id))
      : {};
    return sftpDelivery({
      host: carrier.sftp_host,
      port: carrier.sftp_port,
      username: carrier.sftp_username,
      remoteDir: carrier.sftp_remote_dir,
      hostKey: carrier.sftp_host_key,
      password: secret.password || undefined,
      privateKey: secret.private_key || undefined,
      allowPrivate: app.config.CARRIER_SFTP_ALLOW_PRIVATE,
    });
  }
  throw new Error(`No delivery adapter for method ${String(carrier.delivery_method)}`);
}
