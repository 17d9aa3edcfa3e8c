import crypto from 'node:crypto';
import path from 'node:path/posix';
import SftpClient from 'ssh2-sftp-client';
import type { CarrierDelivery } from './delivery.ts';
import { resolveSftpHost } from './sftp-host.ts';

export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  /** An absolute folder on the carrier's server. */
  remoteDir: string;
  /** 'SHA256:…' of the server's host key (OpenSSH's notation); without it the store does not connect (issue 34). */
  hostKey: string;
  password?: string;
  privateKey?: string;
  /** CARRIER_SFTP_ALLOW_PRIVATE: whether the host may be (or resolve to) a loopback, private or link-local address. */
  allowPrivate: boolean;
}

/** Why a carrier without a host key fingerprint gets nothing: any server answering at the host would get the secret. */
export const SFTP_NO_HOST_KEY =
  "The carrier's SFTP settings have no host key fingerprint: the store does not connect without one (set it in the carrier's settings)";

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
      const expected = settings.hostKey.replace(/=+$/, '');
      if (!expected) throw new Error(SFTP_NO_HOST_KEY);
      const address = await resolveSftpHost(settings.host, settings.allowPrivate);
      const client = new SftpClient('carrier-delivery');
      await client.connect({
        host: address,
        port: settings.port,
        username: settings.username,
        ...(settings.privateKey ? { privateKey: settings.privateKey } : { password: settings.password }),
        readyTimeout: 20_000,
        hostVerifier: (key: Buffer) => hostKeyFingerprint(key) === expected,
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
