import net from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { describeEachDb } from '../helpers/store.ts';

/**
 * Issue 40: the mail server down. A temporary refusal keeps the mail queued, tried again later with a growing wait,
 * far past the five tries that used to mark it failed within a minute; a permanent 5xx marks it failed at once; every
 * try of a mail carries the same Message-ID, so a receiver can drop the copy a process sent before it died.
 */
type Mode = 'accept' | 'refuse' | 'reject' | 'accept-then-fail';
let mode: Mode = 'accept';
const received: { messageId: string | undefined; to: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onConnect(_session, callback) {
    if (mode === 'refuse') return callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const head =
        Buffer.concat(chunks)
          .toString('utf8')
          .split(/\r?\n\r?\n/)[0] ?? '';
      received.push({ messageId: /^message-id:\s*(.+)$/im.exec(head)?.[1]?.trim(), to: session.envelope.rcptTo[0]!.address });
      if (mode === 'reject') return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      // The message arrived, but the answer is a temporary failure: the sender must try again (a copy may exist).
      if (mode === 'accept-then-fail') return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as net.AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describeEachDb(
  'mail while the mail server is down',
  (ctx) => {
    const enqueue = async (to: string) =>
      ctx().app.mailer.enqueue(ctx().db, { kind: 'test', to, subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' });
    const row = (id: number) => ctx().db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    /** The wait before the next try is over (the test does not wait it out). */
    const dueNow = (id: number) => ctx().db.updateTable('outbox').set({ retry_at: null }).where('id', '=', id).execute();

    it('keeps a mail queued through many refusals, each wait longer than the last, and sends it when the server returns', async () => {
      mode = 'refuse';
      const id = await enqueue(`refused.${ctx().kind}@example.org`);
      const waits: number[] = [];
      for (let i = 0; i < 8; i++) {
        await ctx().app.mailer.flush();
        const r = await row(id);
        expect(r.status).toBe('pending');
        waits.push(new Date(r.retry_at!).getTime() - Date.now());
        await dueNow(id);
      }
      for (let i = 1; i < 5; i++) expect(waits[i]!).toBeGreaterThan(waits[i - 1]!);
      mode = 'accept';
      await ctx().app.mailer.flush();
      expect((await row(id)).status).toBe('sent');
    });

    it('does not send a mail again before its wait is over', async () => {
      mode = 'refuse';
      const id = await enqueue(`waiting.${ctx().kind}@example.org`);
      await ctx().app.mailer.flush();
      const attempts = (await row(id)).attempts;
      mode = 'accept';
      await ctx().app.mailer.flush();
      expect((await row(id)).attempts).toBe(attempts);
      expect((await row(id)).status).toBe('pending');
      await dueNow(id);
      await ctx().app.mailer.flush();
      expect((await row(id)).status).toBe('sent');
    });

    it('marks a mail the server refuses for good (5xx) failed at once', async () => {
      mode = 'reject';
      const id = await enqueue(`rejected.${ctx().kind}@example.org`);
      await ctx().app.mailer.flush();
      const r = await row(id);
      expect(r.status).toBe('failed');
      expect(r.attempts).toBe(1);
      expect(r.last_error).toMatch(/550/);
      mode = 'accept';
    });

    it('gives every try of a mail the same Message-ID', async () => {
      mode = 'accept-then-fail';
      const to = `twice.${ctx().kind}@example.org`;
      const id = await enqueue(to);
      await ctx().app.mailer.flush();
      mode = 'accept';
      await dueNow(id);
      await ctx().app.mailer.flush();
      const tries = received.filter((m) => m.to === to);
      expect(tries).toHaveLength(2);
      expect(tries[0]!.messageId).toMatch(/^<.+@.+>$/);
      expect(tries[1]!.messageId).toBe(tries[0]!.messageId);
      const other = await enqueue(`other.${ctx().kind}@example.org`);
      await ctx().app.mailer.flush();
      expect((await row(other)).status).toBe('sent');
      expect(received.find((m) => m.to === `other.${ctx().kind}@example.org`)!.messageId).not.toBe(tries[0]!.messageId);
    });
  },
  { SMTP_URL: `smtp://127.0.0.1:${port}`, JOBS_POLL_MS: 0 },
);
