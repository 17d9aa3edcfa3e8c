import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';
import { hostKeyFingerprint } from '../../src/modules/carriers/sftp-delivery.ts';

const { Server, utils } = ssh2;
const { STATUS_CODE, OPEN_MODE } = utils.sftp;

export interface TestSftpServer {
  port: number;
  /** The host key's fingerprint (SHA256:…), as a carrier's settings name it. */
  fingerprint: string;
  /** What the clients asked: 'open <path>', 'rename <from> <to>', 'remove <path>' … */
  ops: string[];
  /** How many clients connected (a refused delivery must not have). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * An SFTP server in this process (the ssh2 package's Server, no external binary) serving `root` to one user with a
 * password: enough of the protocol for an upload (stat, mkdir, open, write, close, rename, remove).
 */
export async function startSftpServer(
  root: string,
  user: { username: string; password: string },
  /** The same port and host key as a server stopped before (a carrier's server coming back). */
  again?: { port: number; hostKey: string },
): Promise<TestSftpServer & { hostKey: string }> {
  const key = again ? { private: again.hostKey, public: again.hostKey } : utils.generateKeyPairSync('ed25519');
  const parsed = utils.parseKey(key.public);
  if (parsed instanceof Error) throw parsed;
  const fingerprint = hostKeyFingerprint((Array.isArray(parsed) ? parsed[0] : parsed).getPublicSSH());
  const ops: string[] = [];
  const local = (p: string) => path.join(root, path.posix.normalize(`/${p}`));
  let connections = 0;
  const server = new Server({ hostKeys: [key.private] }, (client) => {
    connections++;
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === user.username && ctx.password === user.password) ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        acceptSession().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<number, number>();
          let next = 0;
          const fail = (reqid: number, err: unknown) =>
            sftp.status(reqid, (err as NodeJS.ErrnoException).code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE);
          const fdOf = (handle: Buffer) => handles.get(handle.readUInt32BE(0));
          const stat = (reqid: number, p: string) => {
            try {
              const s = fs.statSync(local(p));
              sftp.attrs(reqid, { mode: s.mode, uid: 0, gid: 0, size: s.size, atime: s.atimeMs / 1000, mtime: s.mtimeMs / 1000 });
            } catch (err) {
              fail(reqid, err);
            }
          };
          sftp.on('REALPATH', (reqid, p) =>
            sftp.name(reqid, [{ filename: path.posix.normalize(`/${p}`), longname: '', attrs: {} as never }]),
          );
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
          sftp.on('MKDIR', (reqid, p) => {
            ops.push(`mkdir ${p}`);
            try {
              fs.mkdirSync(local(p));
              sftp.status(reqid, STATUS_CODE.OK);
            } catch (err) {
              fail(reqid, err);
            }
          });
          sftp.on('OPEN', (reqid, p, flags) => {
            ops.push(`open ${p}`);
            try {
              const fd = fs.openSync(local(p), flags & OPEN_MODE.WRITE ? 'w' : 'r');
              const h = Buffer.alloc(4);
              h.writeUInt32BE(next);
              handles.set(next++, fd);
              sftp.handle(reqid, h);
            } catch (err) {
              fail(reqid, err);
            }
          });
          sftp.on('WRITE', (reqid, handle, offset, data) => {
            const fd = fdOf(handle);
            if (fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE);
            fs.writeSync(fd, data, 0, data.length, offset);
            sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on('FSETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
          sftp.on('SETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
          sftp.on('CLOSE', (reqid, handle) => {
            const fd = fdOf(handle);
            if (fd !== undefined) fs.closeSync(fd);
            handles.delete(handle.readUInt32BE(0));
            ops.push('close');
            sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on('RENAME', (reqid, from, to) => {
            ops.push(`rename ${from} ${to}`);
            // SFTP v3: a rename onto an existing name fails (as OpenSSH's server does).
            if (fs.existsSync(local(to))) return sftp.status(reqid, STATUS_CODE.FAILURE);
            try {
              fs.renameSync(local(from), local(to));
              sftp.status(reqid, STATUS_CODE.OK);
            } catch (err) {
              fail(reqid, err);
            }
          });
          sftp.on('REMOVE', (reqid, p) => {
            ops.push(`remove ${p}`);
            try {
              fs.unlinkSync(local(p));
              sftp.status(reqid, STATUS_CODE.OK);
            } catch (err) {
              fail(reqid, err);
            }
          });
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(again?.port ?? 0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    fingerprint,
    hostKey: key.private,
    ops,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
