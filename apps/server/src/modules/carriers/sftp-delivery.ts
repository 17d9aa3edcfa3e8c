import crypto from 'node:crypto';
import path from 'node:path/posix';
import SftpClient from 'ssh2-sftp-client';
import type { CarrierDelivery } from './delivery.ts';

export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  /** An absolute folder on the carrier's server. */
  remoteDir: string;
  /** 'SHA256:…' of the server's host key (OpenSSH's notation); empty accepts any key (test servers only). */
  hostKey: string;
  password?: string;
  privateKey?: string;
}

/** The OpenSSH fingerprint of a raw host key: SHA256 in base64 without padding. */
export const hostKeyFingerprint = (key: Buffer) => `SHA256:${crypto.createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/**
 * Delivers into the carrier's SFTP folder atomically: the file is uploaded under a temporary name and renamed once
 * complete, so the carrier never picks up half a file. A second delivery of the same name (a job run again after a
 * crash) replaces the first: one file stays.
 */
export function sftpDelivery(settings: SftpSettings): CarrierDelivery {
  return {
    async deliver(_carrier, fileName, text) {
      const client = new SftpClient('carrier-delivery');
      const expected = settings.hostKey.replace(/=+$/, '');
      await client.connect({
        host: settings.host,
        port: settings.port,
        username: settings.username,
        ...(settings.privateKey ? { privateKey: settings.privateKey } : { password: settings.password }),
        readyTimeout: 20_000,
        ...(expected ? { hostVerifier: (key: Buffer) => hostKeyFingerprint(key) === expected } : {}),
      });
      try {
        const dir = settings.remoteDir.replace(/\/+$/, '') || '/';
        if (!(await client.exists(dir))) await client.mkdir(dir, true);
        const final = path.join(dir, fileName);
        const temp = path.join(dir, `.${fileName}.${crypto.randomBytes(6).toString('hex')}.part`);
        await client.put(Buffer.from(text, 'utf8'), temp);
        if (await client.exists(final)) await client.delete(final);
        await client.rename(temp, final);
      } finally {
        await client.end();
      }
    },
  };
}
