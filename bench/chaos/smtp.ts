import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The mail catcher: a real SMTP server on loopback that counts mail by Message-ID. `mode` makes it refuse (421 at
 * connection: a temporary failure), reject every message for good (550), or accept; close() and open() take it off
 * the port and back.
 */
export type SmtpMode = 'accept' | 'refuse' | 'reject';

export interface Catcher {
  port: number;
  url: string;
  mode: SmtpMode;
  /** Message-ID -> times received */
  byMessageId: Map<string, number>;
  /** Mail without a Message-ID header (a receiver cannot drop its duplicates). */
  withoutId: number;
  /** ms before each message is acknowledged (a slow server: a process killed meanwhile holds the mail). */
  delayMs: number;
  /** Recipients starting with this are refused for good (550 at RCPT TO): a mailbox that does not exist. */
  bouncePrefix: string;
  /** Recipient -> subjects received. */
  byRecipient: Map<string, string[]>;
  close(): Promise<void>;
  open(): Promise<void>;
}

export async function startCatcher(): Promise<Catcher> {
  const catcher = {
    port: 0,
    url: '',
    mode: 'accept' as SmtpMode,
    byMessageId: new Map<string, number>(),
    withoutId: 0,
    byRecipient: new Map<string, string[]>(),
    bouncePrefix: 'bounce',
    delayMs: 0,
  } as Catcher;
  let server: SMTPServer | undefined;
  const listen = async (port: number) => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect(_session, callback) {
        if (catcher.mode === 'refuse') return callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
        callback();
      },
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith(catcher.bouncePrefix))
          return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (catcher.mode === 'reject') return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          const text = Buffer.concat(chunks).toString('utf8');
          const head = text.split(/\r?\n\r?\n/)[0] ?? '';
          const id = /^message-id:\s*(.+)$/im.exec(head)?.[1]?.trim();
          const subject = /^subject:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? '';
          // Delivered when the server says so (250): a sender gone before the answer delivered nothing.
          setTimeout(() => {
            if (id) catcher.byMessageId.set(id, (catcher.byMessageId.get(id) ?? 0) + 1);
            else catcher.withoutId++;
            for (const r of session.envelope.rcptTo) {
              const list = catcher.byRecipient.get(r.address) ?? [];
              list.push(subject);
              catcher.byRecipient.set(r.address, list);
            }
            callback();
          }, catcher.delayMs);
        });
      },
    });
    // A sender killed mid-message resets its connection: the catcher carries on.
    server.on('error', () => undefined);
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    catcher.port = (server.server.address() as net.AddressInfo).port;
    catcher.url = `smtp://127.0.0.1:${catcher.port}`;
  };
  await listen(0);
  catcher.close = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  catcher.open = () => listen(catcher.port);
  return catcher;
}
