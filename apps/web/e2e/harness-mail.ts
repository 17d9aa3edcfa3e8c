import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** The mail of the browser tests: a real SMTP server the store sends to, and the reading of what it received. */

/** A real SMTP server for the test: every mail it receives is kept in `inbox`. */
export async function startSmtp() {
  const inbox: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { inbox, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Quoted-printable soft line breaks and =XX escapes undone, enough to read the code and the link. */
export const unQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
